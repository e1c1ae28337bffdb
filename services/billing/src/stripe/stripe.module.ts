import { type DynamicModule, Module } from '@nestjs/common';
import { BILLING_SETTINGS, type BillingSettings } from '../config.js';
import { LicencesModule } from '../licences/licences.module.js';
import { BillingLinksController } from './billing-links.controller.js';
import { BillingLinksService } from './billing-links.service.js';
import { StripeWebhookController } from './stripe-webhook.controller.js';
import { StripeWebhookService } from './stripe-webhook.service.js';
import { StripeService } from './stripe.service.js';

/** Stripe: webhook (verified, idempotent, order-tolerant) and the checkout/portal links. */
@Module({})
export class StripeModule {
  static register(settings: BillingSettings): DynamicModule {
    return {
      module: StripeModule,
      imports: [LicencesModule],
      controllers: [StripeWebhookController, BillingLinksController],
      providers: [
        { provide: BILLING_SETTINGS, useValue: settings },
        StripeService,
        StripeWebhookService,
        BillingLinksService,
      ],
    };
  }
}
