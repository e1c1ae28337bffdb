import type { EntityManager } from '@mikro-orm/core';
import { sqlRows } from '@aba/server-kit';

/**
 * Billing's rows about one user, for their data export (issue 17): each read names its columns, so a column added to a
 * table later is exported only once someone chooses to. `?` is the user's id throughout.
 */
type Row = Record<string, unknown>;

/** The user's entry in billing's copy of identity's users. */
export async function accountRows(em: EntityManager, userId: string): Promise<Row[]> {
  return sqlRows<Row>(
    em,
    `select "id", "email", "first_name", "last_name" from "billing_user" where "id" = ?`,
    [userId],
  );
}

/** The subscriptions the user holds, with their Stripe customer and subscription ids, oldest first. */
export async function subscriptionRows(em: EntityManager, userId: string): Promise<Row[]> {
  return sqlRows<Row>(
    em,
    `select "id", "quantity", "status", "stripe_customer_id", "stripe_subscription_id", "created_at", "last_update",
       "stripe_updated_at"
     from "subscription" where "user_id" = ? order by "created_at", "id"`,
    [userId],
  );
}

/**
 * Every licence use of the user's subscriptions, and every one a child they own held: which child, from when to
 * when, and why it ended. A licence of another user's subscription says so without naming that subscription.
 */
export async function licenceRows(em: EntityManager, userId: string): Promise<Row[]> {
  return sqlRows<Row>(
    em,
    `select cs."id", case when s."user_id" = ? then cs."subscription_id" end as "subscription_id",
       (s."user_id" = ?) as "of_your_subscription", cs."child_id", cs."status", (cs."assigned_by" = ?) as "assigned_by_you",
       cs."assigned_at", cs."revoked_at", cs."revoked_reason"
     from "child_subscription" cs join "subscription" s on s."id" = cs."subscription_id"
     where s."user_id" = ? or cs."assigned_by" = ?
       or cs."child_id" in (select c."id" from "child" c where c."owner_id" = ?)
     order by cs."assigned_at", cs."id"`,
    [userId, userId, userId, userId, userId, userId],
  );
}

/** The children billing knows the user owns, with the names it keeps (none for a deleted child). */
export async function childRows(em: EntityManager, userId: string): Promise<Row[]> {
  return sqlRows<Row>(
    em,
    `select "id", "first_name", "last_name", "deleted" from "child" where "owner_id" = ?
     order by "first_name", "last_name", "id"`,
    [userId],
  );
}

/** Who helps which child, where the helper is the user or the child is theirs. */
export async function childAccessRows(em: EntityManager, userId: string): Promise<Row[]> {
  return sqlRows<Row>(
    em,
    `select a."child_id", a."user_id", a."access_type" from "child_access" a
     where a."user_id" = ? or a."child_id" in (select c."id" from "child" c where c."owner_id" = ?)
     order by a."child_id", a."user_id"`,
    [userId, userId],
  );
}
