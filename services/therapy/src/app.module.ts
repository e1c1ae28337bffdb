import { type DynamicModule, Module } from '@nestjs/common';
import { ServiceKitModule, type ServiceConfig } from '@aba/server-kit';
import { therapyDatabase } from './database.js';
import { UserDirectoryModule } from './user-directory/user-directory.module.js';

@Module({})
export class AppModule {
  static register(config: ServiceConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [ServiceKitModule.forService({ name: 'therapy', ...therapyDatabase, config }), UserDirectoryModule],
    };
  }
}
