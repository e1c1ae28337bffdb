import { type DynamicModule, Module } from '@nestjs/common';
import { ServiceKitModule, type ServiceConfig } from '@aba/server-kit';
import { identityDatabase } from './database.js';

@Module({})
export class AppModule {
  static register(config: ServiceConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [ServiceKitModule.forService({ name: 'identity', ...identityDatabase, config })],
    };
  }
}
