import { type DynamicModule, Module } from '@nestjs/common';
import { ServiceKitModule, SettingsModule } from '@aba/server-kit';
import { AccountErasureModule } from './account-erasure/account-erasure.module.js';
import { AccountExportModule } from './account-export/account-export.module.js';
import { BILLING_SETTINGS, type BillingConfig } from './config.js';
import { billingDatabase } from './database.js';
import { DirectoryModule } from './directory/directory.module.js';
import { LicencesModule } from './licences/licences.module.js';
import { StripeModule } from './stripe/stripe.module.js';
import { SubscriptionsModule } from './subscriptions/subscriptions.module.js';

@Module({})
export class AppModule {
  static register(config: BillingConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServiceKitModule.forService({ name: 'billing', ...billingDatabase, config }),
        SettingsModule.register(BILLING_SETTINGS, config.billing),
        DirectoryModule,
        LicencesModule,
        SubscriptionsModule,
        StripeModule,
        AccountExportModule,
        AccountErasureModule,
      ],
    };
  }
}
