import { Controller, Headers, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { PublicRoute } from '@aba/server-kit';
import { StripeWebhookService, type WebhookOutcome } from './stripe-webhook.service.js';
import { StripeService } from './stripe.service.js';

/**
 * POST /api/billing/stripe/webhook: called by Stripe, so it carries no internal token (the gateway lets it through
 * without a session and without the CSRF check); the Stripe signature over the raw body is what authenticates it.
 * 200 `{ received: true, outcome }`; 400 bad or missing signature (nothing changes); 503 without a signing secret.
 */
@Controller('api/billing/stripe')
export class StripeWebhookController {
  constructor(
    @Inject(StripeService) private readonly stripe: StripeService,
    @Inject(StripeWebhookService) private readonly webhooks: StripeWebhookService,
  ) {}

  @Post('webhook')
  @PublicRoute()
  @HttpCode(200)
  async receive(
    @Req() request: { rawBody?: Buffer },
    @Headers('stripe-signature') signature: string | undefined,
  ): Promise<{ received: true; outcome: WebhookOutcome }> {
    const event = this.stripe.verify(request.rawBody, signature);
    return { received: true, outcome: await this.webhooks.apply(event, this.stripe) };
  }
}
