import { Inject, Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { z } from 'zod';
import { BillingMessages, type SubscriptionStatus } from '@aba/contracts/api';
import { LicencesService } from '../licences/licences.service.js';
import { InvalidWebhook } from './stripe.errors.js';
import { isStaleStripeUpdate, mapStripeStatus, stripeQuantity } from './stripe-rules.js';
import type { StripeService, VerifiedStripeEvent } from './stripe.service.js';
import {
  adoptCustomerSubscription,
  applyStripeState,
  fillStripeCustomer,
  insertStripeSubscription,
  type LockedSubscription,
  lockByStripeSubscription,
  recordStripeEvent,
  userOfCustomer,
} from './stripe.queries.js';

/** A Stripe reference: an id, or the expanded object carrying it. */
const ref = z
  .union([z.string(), z.looseObject({ id: z.string() })])
  .nullish()
  .transform((value) => (typeof value === 'string' ? value : (value?.id ?? null)));
const metadata = z
  .record(z.string(), z.unknown())
  .nullish()
  .transform((value) => value ?? {});

const checkoutSessionSchema = z.looseObject({
  id: z.string(),
  mode: z.string().nullish(),
  subscription: ref,
  customer: ref,
  client_reference_id: z.string().nullish(),
  metadata,
  payment_status: z.string().nullish(),
});
type CheckoutSession = z.infer<typeof checkoutSessionSchema>;

const stripeSubscriptionSchema = z.looseObject({
  id: z.string(),
  status: z.string(),
  customer: ref,
  metadata,
  items: z
    .looseObject({
      data: z.array(
        z.looseObject({
          quantity: z.number().nullish(),
          price: z.union([z.string(), z.looseObject({ id: z.string().nullish() })]).nullish(),
        }),
      ),
    })
    .nullish(),
});
type StripeSubscription = z.infer<typeof stripeSubscriptionSchema>;

/** The event types billing acts on; any other is acknowledged and ignored. */
export const HANDLED_STRIPE_EVENTS = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
] as const;
type HandledType = (typeof HANDLED_STRIPE_EVENTS)[number];

/**
 * What became of a delivery: `applied`; `duplicate` (event id seen before); `ignored` (a type billing does not act
 * on, or a Checkout session without a subscription); `stale` (older than the Stripe state applied); `unmatched` (no user
 * can be told for it).
 */
export type WebhookOutcome = 'applied' | 'duplicate' | 'ignored' | 'stale' | 'unmatched';

const uuid = z.uuid();
const asUserId = (value: unknown): string | null =>
  uuid.safeParse(value).success ? (value as string) : null;

function parseObject<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new InvalidWebhook(BillingMessages.webhookPayloadInvalid);
  return parsed.data;
}

/**
 * Applies verified Stripe events to subscriptions. Each event id is recorded in the transaction of its effect, so a
 * replay is a no-op; a change older (Stripe `created`) than the Stripe state last applied is ignored.
 */
@Injectable()
export class StripeWebhookService {
  private readonly logger = new Logger(StripeWebhookService.name);

  constructor(
    @Inject(EntityManager) private readonly em: EntityManager,
    @Inject(LicencesService) private readonly licences: LicencesService,
  ) {}

  async apply(event: VerifiedStripeEvent, stripe: Pick<StripeService, 'priceId'>): Promise<WebhookOutcome> {
    if (!(HANDLED_STRIPE_EVENTS as readonly string[]).includes(event.type)) return 'ignored';
    const type = event.type as HandledType;
    // Validate before the transaction: an unreadable payload is refused (400) and not recorded.
    const object =
      type === 'checkout.session.completed'
        ? { kind: 'checkout' as const, session: parseObject(checkoutSessionSchema, event.object) }
        : {
            kind: 'subscription' as const,
            subscription: parseObject(stripeSubscriptionSchema, event.object),
          };

    return this.em.transactional(async (em): Promise<WebhookOutcome> => {
      if (!(await recordStripeEvent(em, event.id, event.type, new Date()))) return 'duplicate';
      switch (object.kind) {
        case 'checkout':
          return this.onCheckoutCompleted(em, object.session, event.created);
        case 'subscription':
          return this.onSubscriptionChanged(em, object.subscription, event.created, {
            deleted: type === 'customer.subscription.deleted',
            priceId: stripe.priceId,
          });
      }
    });
  }

  /**
   * A paid Checkout: the subscription it started becomes the user's (found by the session's metadata user id or
   * client_reference_id, else by the Stripe customer), with the quantity bought. If a subscription event got there
   * first, it is left as that event set it (subscription events carry the authoritative quantity and status); only the
   * customer id is filled in.
   */
  private async onCheckoutCompleted(
    em: EntityManager,
    session: CheckoutSession,
    created: number,
  ): Promise<WebhookOutcome> {
    if (session.mode !== 'subscription' || !session.subscription) {
      this.logger.log({ session: session.id }, 'Checkout session without a subscription ignored');
      return 'ignored';
    }
    const userId =
      asUserId(session.metadata.user_id) ??
      asUserId(session.client_reference_id) ??
      (await this.userOfCustomer(em, session.customer));
    if (!userId) {
      this.logger.warn({ session: session.id }, 'Checkout session of an unknown user ignored');
      return 'unmatched';
    }
    const bought = Number(session.metadata.quantity);
    const quantity = Number.isInteger(bought) && bought >= 0 ? bought : 1;
    const status: SubscriptionStatus = session.payment_status === 'unpaid' ? 'paused' : 'active';
    const now = new Date();
    const inserted = await insertStripeSubscription(
      em,
      {
        userId,
        quantity,
        status,
        customerId: session.customer,
        stripeSubscriptionId: session.subscription,
        at: now,
      },
      new Date(created * 1000),
    );
    if (!inserted && session.customer) {
      await fillStripeCustomer(em, session.subscription, session.customer);
    }
    return 'applied';
  }

  /**
   * `customer.subscription.created/updated/deleted`: the subscription's status (mapped, see stripe-rules) and
   * quantity, unless a newer Stripe state was already applied. Licence uses follow (see LicencesService).
   */
  private async onSubscriptionChanged(
    em: EntityManager,
    subscription: StripeSubscription,
    created: number,
    options: { deleted: boolean; priceId: string | null },
  ): Promise<WebhookOutcome> {
    const status = options.deleted ? 'canceled' : mapStripeStatus(subscription.status);
    const quantity = stripeQuantity(subscription.items?.data ?? [], options.priceId);
    const row = await this.lockOrCreate(em, subscription, { status, quantity });
    if (!row) {
      this.logger.warn({ subscription: subscription.id }, 'Stripe subscription of an unknown user ignored');
      return 'unmatched';
    }
    const appliedAt = row.stripe_updated_at === null ? null : new Date(row.stripe_updated_at);
    if (isStaleStripeUpdate(appliedAt, created)) {
      this.logger.log({ subscription: subscription.id, created }, 'Stale Stripe subscription event ignored');
      return 'stale';
    }
    await applyStripeState(em, row.id, {
      status,
      quantity,
      customerId: subscription.customer,
      stripeUpdatedAt: new Date(created * 1000),
    });
    await this.licences.afterSubscriptionChange(em, row.id);
    return 'applied';
  }

  /**
   * Our row of a Stripe subscription, locked: found by its Stripe id; else an admin-made row of the same customer
   * without a Stripe subscription id is adopted; else one is created for the user named by the subscription's
   * metadata (set by our Checkout) or owning the customer. Null when the user cannot be told.
   */
  private async lockOrCreate(
    em: EntityManager,
    subscription: StripeSubscription,
    initial: { status: SubscriptionStatus; quantity: number },
  ): Promise<LockedSubscription | null> {
    const lock = () => lockByStripeSubscription(em, subscription.id);
    const existing = await lock();
    if (existing) return existing;

    if (
      subscription.customer &&
      (await adoptCustomerSubscription(em, subscription.id, subscription.customer))
    ) {
      return lock();
    }

    const userId =
      asUserId(subscription.metadata.user_id) ?? (await this.userOfCustomer(em, subscription.customer));
    if (!userId) return null;
    const now = new Date();
    // The row starts with no Stripe state applied (stripe_updated_at null); the caller applies this event to it.
    await insertStripeSubscription(em, {
      userId,
      quantity: initial.quantity,
      status: initial.status,
      customerId: subscription.customer,
      stripeSubscriptionId: subscription.id,
      at: now,
    });
    return lock();
  }

  private async userOfCustomer(em: EntityManager, customerId: string | null): Promise<string | null> {
    return customerId ? userOfCustomer(em, customerId) : null;
  }
}
