import { type DynamicModule, Module } from '@nestjs/common';
import { ServiceKitModule, type ServiceConfig } from '@aba/server-kit';
import { billingDatabase } from './database.js';

@Module({})
export class AppModule {
  static register(config: ServiceConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [ServiceKitModule.forService({ name: 'billing', ...billingDatabase, config })],
    };
  }
}
