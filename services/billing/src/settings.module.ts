import { type DynamicModule, Module } from '@nestjs/common';
import { BILLING_SETTINGS, type BillingSettings } from './config.js';

/** Billing's own settings (`BILLING_SETTINGS`), for every module of the service. */
@Module({})
export class BillingSettingsModule {
  static register(settings: BillingSettings): DynamicModule {
    return {
      module: BillingSettingsModule,
      global: true,
      providers: [{ provide: BILLING_SETTINGS, useValue: settings }],
      exports: [BILLING_SETTINGS],
    };
  }
}
