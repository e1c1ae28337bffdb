import type { EntityManager } from '@mikro-orm/core';
import { sqlRows } from '@aba/server-kit';

/** What billing knows of an erased user at Stripe: the ids to cancel there. */
export interface StripeIdsOfUser {
  /** The Stripe subscriptions of their rows. */
  subscriptionIds: string[];
  /** Their Stripe customers that no other user's row names: every subscription of these is theirs. */
  customerIds: string[];
  /** Their Stripe customers another user's row names too: only the subscriptions known here are theirs. */
  sharedCustomerIds: string[];
}

export async function stripeIdsOf(em: EntityManager, userId: string): Promise<StripeIdsOfUser> {
  const rows = await sqlRows<{
    stripe_subscription_id: string | null;
    stripe_customer_id: string | null;
    shared: boolean;
  }>(
    em,
    `select s."stripe_subscription_id", s."stripe_customer_id", exists (
       select 1 from "subscription" o where o."stripe_customer_id" = s."stripe_customer_id" and o."user_id" <> s."user_id"
     ) as "shared"
     from "subscription" s
     where s."user_id" = ? and (s."stripe_subscription_id" is not null or s."stripe_customer_id" is not null)
     order by s."created_at", s."id"`,
    [userId],
  );
  const unique = (ids: (string | null)[]) => [...new Set(ids.filter((id): id is string => id !== null))];
  return {
    subscriptionIds: unique(rows.map((row) => row.stripe_subscription_id)),
    customerIds: unique(rows.filter((row) => !row.shared).map((row) => row.stripe_customer_id)),
    sharedCustomerIds: unique(rows.filter((row) => row.shared).map((row) => row.stripe_customer_id)),
  };
}

/**
 * Cancels every subscription of the user that is not canceled yet (`last_update` now); when Stripe canceled them
 * (`stripeCanceledAt`), that is the Stripe state last applied, so an older Stripe event arriving late cannot make one
 * active again. Answers the ids of all of the user's subscriptions, which it locks.
 */
export async function cancelSubscriptionsOf(
  em: EntityManager,
  userId: string,
  at: Date,
  stripeCanceledAt: Date | null,
): Promise<string[]> {
  const rows = await sqlRows<{ id: string }>(
    em,
    `with "held" as (select "id" from "subscription" where "user_id" = ? order by "created_at", "id" for update)
     update "subscription" s set
       "last_update" = case when s."status" = 'canceled' then s."last_update" else ?::timestamptz end,
       "status" = 'canceled',
       "stripe_updated_at" = greatest(s."stripe_updated_at", ?::timestamptz)
     from "held" h where s."id" = h."id"
     returning s."id"`,
    [userId, at, stripeCanceledAt],
  );
  return rows.map((row) => row.id);
}

/** The children billing knows the user owns, deleted or not. */
export async function childrenOwnedBy(em: EntityManager, userId: string): Promise<string[]> {
  const rows = await sqlRows<{ id: string }>(
    em,
    `select "id" from "child" where "owner_id" = ? order by "id" for update`,
    [userId],
  );
  return rows.map((row) => row.id);
}

/** Ends the user's places on other users' children's teams. */
export async function deleteAccessOf(em: EntityManager, userId: string): Promise<void> {
  await sqlRows(em, `delete from "child_access" where "user_id" = ?`, [userId]);
}
