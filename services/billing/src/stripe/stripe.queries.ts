import type { EntityManager } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import type { SubscriptionStatus } from '@aba/contracts/api';
import { sqlRows } from '@aba/server-kit';

/** Our row of a Stripe subscription, locked, with when Stripe state was last applied to it. */
export interface LockedSubscription {
  id: string;
  stripe_updated_at: Date | string | null;
}

/** Records a Stripe event id; false when it was recorded before (a replay). */
export async function recordStripeEvent(
  em: EntityManager,
  eventId: string,
  type: string,
  at: Date,
): Promise<boolean> {
  const recorded = await sqlRows<{ id: string }>(
    em,
    `insert into "stripe_event" ("id", "type", "processed_at") values (?, ?, ?)
     on conflict ("id") do nothing returning "id"`,
    [eventId, type, at],
  );
  return recorded.length > 0;
}

/** A new subscription row for a Stripe subscription; false when one already exists for that Stripe id. */
export async function insertStripeSubscription(
  em: EntityManager,
  row: {
    userId: string;
    quantity: number;
    status: SubscriptionStatus;
    customerId: string | null;
    stripeSubscriptionId: string;
    at: Date;
  },
  /** When the Stripe state it starts with was created; omitted, the row starts with no Stripe state applied. */
  stripeUpdatedAt?: Date,
): Promise<boolean> {
  const values = [
    randomUUID(),
    row.userId,
    row.quantity,
    row.status,
    row.customerId,
    row.stripeSubscriptionId,
  ];
  const inserted =
    stripeUpdatedAt === undefined
      ? await sqlRows<{ id: string }>(
          em,
          `insert into "subscription" ("id", "user_id", "quantity", "status", "stripe_customer_id",
             "stripe_subscription_id", "created_at", "last_update")
           values (?, ?, ?, ?, ?, ?, ?, ?)
           on conflict ("stripe_subscription_id") do nothing returning "id"`,
          [...values, row.at, row.at],
        )
      : await sqlRows<{ id: string }>(
          em,
          `insert into "subscription" ("id", "user_id", "quantity", "status", "stripe_customer_id",
             "stripe_subscription_id", "created_at", "last_update", "stripe_updated_at")
           values (?, ?, ?, ?, ?, ?, ?, ?, ?)
           on conflict ("stripe_subscription_id") do nothing returning "id"`,
          [...values, row.at, row.at, stripeUpdatedAt],
        );
  return inserted.length > 0;
}

/** Fills in the customer of the Stripe subscription's row when it has none yet. */
export async function fillStripeCustomer(
  em: EntityManager,
  stripeSubscriptionId: string,
  customerId: string,
): Promise<void> {
  await sqlRows(
    em,
    `update "subscription" set "stripe_customer_id" = ? where "stripe_subscription_id" = ? and "stripe_customer_id" is null`,
    [customerId, stripeSubscriptionId],
  );
}

/** Locks (`for update`) our row of the Stripe subscription; null when there is none. */
export async function lockByStripeSubscription(
  em: EntityManager,
  stripeSubscriptionId: string,
): Promise<LockedSubscription | null> {
  const rows = await sqlRows<LockedSubscription>(
    em,
    `select "id", "stripe_updated_at" from "subscription" where "stripe_subscription_id" = ? for update`,
    [stripeSubscriptionId],
  );
  return rows[0] ?? null;
}

/**
 * Gives the customer's oldest row without a Stripe subscription id (one an admin made) this Stripe subscription id;
 * whether there was one.
 */
export async function adoptCustomerSubscription(
  em: EntityManager,
  stripeSubscriptionId: string,
  customerId: string,
): Promise<boolean> {
  const adopted = await sqlRows<{ id: string }>(
    em,
    `update "subscription" set "stripe_subscription_id" = ?
     where "id" = (select "id" from "subscription"
                   where "stripe_customer_id" = ? and "stripe_subscription_id" is null
                   order by "created_at" limit 1 for update)
     returning "id"`,
    [stripeSubscriptionId, customerId],
  );
  return adopted.length > 0;
}

/** Applies a Stripe subscription state created at `stripeUpdatedAt` to our row. */
export async function applyStripeState(
  em: EntityManager,
  id: string,
  state: { status: SubscriptionStatus; quantity: number; customerId: string | null; stripeUpdatedAt: Date },
): Promise<void> {
  await sqlRows(
    em,
    `update "subscription" set "status" = ?, "quantity" = ?,
       "stripe_customer_id" = coalesce(?, "stripe_customer_id"), "stripe_updated_at" = ?, "last_update" = ?
     where "id" = ?`,
    [state.status, state.quantity, state.customerId, state.stripeUpdatedAt, new Date(), id],
  );
}

/** The holder of the customer's latest subscription. */
export async function userOfCustomer(em: EntityManager, customerId: string): Promise<string | null> {
  const [row] = await sqlRows<{ user_id: string }>(
    em,
    `select "user_id" from "subscription" where "stripe_customer_id" = ? order by "created_at" desc limit 1`,
    [customerId],
  );
  return row?.user_id ?? null;
}

/** The Stripe customer of the user's latest subscription that has one. */
export async function latestCustomerOf(em: EntityManager, userId: string): Promise<string | null> {
  const [customer] = await sqlRows<{ stripe_customer_id: string }>(
    em,
    `select "stripe_customer_id" from "subscription" where "user_id" = ? and "stripe_customer_id" is not null
     order by "created_at" desc limit 1`,
    [userId],
  );
  return customer?.stripe_customer_id ?? null;
}
