import { Module } from '@nestjs/common';
import { LicencesModule } from '../licences/licences.module.js';
import { BillingLinksController } from './billing-links.controller.js';
import { BillingLinksService } from './billing-links.service.js';
import { StripeWebhookController } from './stripe-webhook.controller.js';
import { StripeWebhookService } from './stripe-webhook.service.js';
import { StripeService } from './stripe.service.js';

/** Stripe: webhook (verified, idempotent, order-tolerant), the checkout/portal links, and the client others call. */
@Module({
  imports: [LicencesModule],
  controllers: [StripeWebhookController, BillingLinksController],
  providers: [StripeService, StripeWebhookService, BillingLinksService],
  exports: [StripeService],
})
export class StripeModule {}
