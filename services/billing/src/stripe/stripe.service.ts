import { Inject, Injectable, Logger } from '@nestjs/common';
import Stripe from 'stripe';
import { BillingMessages } from '@aba/contracts/api';
import { BILLING_SETTINGS, type BillingSettings } from '../config.js';
import { InvalidWebhook, PaymentProviderFailed, WebhookNotConfigured } from './stripe.errors.js';

/** What billing reads of a verified Stripe event. */
export interface VerifiedStripeEvent {
  id: string;
  type: string;
  /** Seconds since the epoch, Stripe's clock. */
  created: number;
  object: unknown;
}

/** Stripe subscription statuses that bill no more: nothing to cancel. */
const ENDED_STRIPE_STATUSES = new Set(['canceled', 'incomplete_expired']);

/** `request`'s answer, or `missing` when Stripe answers that the object does not exist (`resource_missing`). */
async function unlessMissing<T>(request: () => Promise<T>, missing: T): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') {
      return missing;
    }
    throw error;
  }
}

/**
 * Billing's one door to Stripe: webhook signature verification, the Checkout / Customer Portal sessions and the
 * cancellations of an erased account (ADR 0049), through the official SDK. Without `STRIPE_SECRET_KEY` no API call is
 * made (`enabled` is false).
 */
@Injectable()
export class StripeService {
  private readonly logger = new Logger(StripeService.name);
  private readonly client: Stripe | null;

  constructor(@Inject(BILLING_SETTINGS) private readonly settings: BillingSettings) {
    this.client = settings.secretKey
      ? new Stripe(settings.secretKey, {
          ...(settings.api ?? {}),
          maxNetworkRetries: 1,
          timeout: 15_000,
          appInfo: { name: 'aba-billing' },
        })
      : null;
  }

  get enabled(): boolean {
    return this.client !== null;
  }

  get priceId(): string | null {
    return this.settings.priceId;
  }

  /**
   * Verifies a webhook delivery with `stripe.webhooks.constructEvent` over the exact bytes received.
   * 503 when no signing secret is configured; 400 for a missing or wrong signature or an unreadable body.
   */
  verify(rawBody: Buffer | undefined, signature: string | undefined): VerifiedStripeEvent {
    const secret = this.settings.webhookSecret;
    if (!secret) throw new WebhookNotConfigured();
    if (!rawBody || rawBody.length === 0 || !signature) {
      throw new InvalidWebhook(BillingMessages.webhookSignatureInvalid);
    }
    let event: Stripe.Event;
    try {
      event = Stripe.webhooks.constructEvent(rawBody, signature, secret);
    } catch (error) {
      this.logger.warn({ err: error }, 'Stripe webhook refused');
      throw new InvalidWebhook(BillingMessages.webhookSignatureInvalid);
    }
    const candidate = event as unknown as Partial<Record<'id' | 'type' | 'created' | 'data', unknown>>;
    const data = candidate.data as { object?: unknown } | undefined;
    if (
      typeof candidate.id !== 'string' ||
      typeof candidate.type !== 'string' ||
      typeof candidate.created !== 'number' ||
      !data ||
      typeof data.object !== 'object' ||
      data.object === null
    ) {
      throw new InvalidWebhook(BillingMessages.webhookPayloadInvalid);
    }
    return { id: candidate.id, type: candidate.type, created: candidate.created, object: data.object };
  }

  /** A Checkout session selling `quantity` licences (mode subscription); returns its URL. */
  async checkoutSession(params: {
    userId: string;
    quantity: number;
    customerId: string | null;
    email: string | null;
    successUrl: string;
    cancelUrl: string;
  }): Promise<string> {
    const client = this.requireClient();
    if (!this.settings.priceId) throw new Error('STRIPE_PRICE_ID is not configured');
    const session = await this.call(() =>
      client.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: this.settings.priceId!, quantity: params.quantity }],
        client_reference_id: params.userId,
        metadata: { user_id: params.userId, quantity: String(params.quantity) },
        subscription_data: { metadata: { user_id: params.userId } },
        ...(params.customerId
          ? { customer: params.customerId }
          : params.email
            ? { customer_email: params.email }
            : {}),
        success_url: params.successUrl,
        cancel_url: params.cancelUrl,
      }),
    );
    if (!session.url) throw new PaymentProviderFailed();
    return session.url;
  }

  /** A Customer Portal session for a Stripe customer; returns its URL. */
  async portalSession(params: { customerId: string; returnUrl: string }): Promise<string> {
    const client = this.requireClient();
    const session = await this.call(() =>
      client.billingPortal.sessions.create({ customer: params.customerId, return_url: params.returnUrl }),
    );
    if (!session.url) throw new PaymentProviderFailed();
    return session.url;
  }

  /**
   * Cancels at once (no proration, no final invoice: Stripe's defaults) the Stripe subscriptions named and those of
   * the customers named that are not over yet; answers the subscription ids it canceled. One Stripe no longer has, or
   * has already canceled (Stripe answers "No such subscription" to either), counts as done, and so does a customer it
   * no longer has: calling this again after a crash is harmless. Any other failure is thrown (the caller retries).
   */
  async cancelSubscriptions(params: {
    subscriptionIds: readonly string[];
    customerIds: readonly string[];
  }): Promise<string[]> {
    const client = this.requireClient();
    const ids = new Set(params.subscriptionIds);
    for (const customer of params.customerIds) {
      const listed = await this.call(() =>
        unlessMissing(async () => {
          const found: string[] = [];
          for await (const subscription of client.subscriptions.list({ customer, limit: 100 })) {
            if (!ENDED_STRIPE_STATUSES.has(subscription.status)) found.push(subscription.id);
          }
          return found;
        }, []),
      );
      for (const id of listed) ids.add(id);
    }
    const canceled: string[] = [];
    for (const id of ids) {
      const done = await this.call(() =>
        unlessMissing(async () => {
          await client.subscriptions.cancel(id);
          return true;
        }, false),
      );
      if (done) canceled.push(id);
    }
    return canceled;
  }

  private requireClient(): Stripe {
    if (!this.client) throw new Error('STRIPE_SECRET_KEY is not configured');
    return this.client;
  }

  private async call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      this.logger.error({ err: error }, 'Stripe request failed');
      throw new PaymentProviderFailed();
    }
  }
}
