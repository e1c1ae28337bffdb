import { type DynamicModule, Module } from '@nestjs/common';
import { ServiceKitModule } from '@aba/server-kit';
import type { BillingConfig } from './config.js';
import { billingDatabase } from './database.js';
import { DirectoryModule } from './directory/directory.module.js';
import { LicencesModule } from './licences/licences.module.js';
import { BillingSettingsModule } from './settings.module.js';
import { StripeModule } from './stripe/stripe.module.js';
import { SubscriptionsModule } from './subscriptions/subscriptions.module.js';

@Module({})
export class AppModule {
  static register(config: BillingConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServiceKitModule.forService({ name: 'billing', ...billingDatabase, config }),
        BillingSettingsModule.register(config.billing),
        DirectoryModule,
        LicencesModule,
        SubscriptionsModule,
        StripeModule,
      ],
    };
  }
}
