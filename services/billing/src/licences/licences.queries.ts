import type { EntityManager } from '@mikro-orm/core';
import type { OwnedChildLicence, SubscriptionStatus } from '@aba/contracts/api';
import { sqlRows } from '@aba/server-kit';
import type { RevocationReason } from './licence-rules.js';

/** A licence use: which child holds a licence of which subscription. */
export interface LicenceUseRef {
  id: string;
  childId: string;
}

/** The id of the child's active licence use, if it has one. */
export async function activeUseOfChild(em: EntityManager, childId: string): Promise<string | undefined> {
  const [licensed] = await sqlRows<{ id: string }>(
    em,
    `select "id" from "child_subscription" where "child_id" = ? and "status" = 'active'`,
    [childId],
  );
  return licensed?.id;
}

/** Locks the user's active subscriptions (`for update`), oldest first. */
export async function lockActiveSubscriptions(
  em: EntityManager,
  userId: string,
): Promise<{ id: string; quantity: number }[]> {
  const locked = await sqlRows<{ id: string; quantity: number }>(
    em,
    `select "id", "quantity" from "subscription" where "user_id" = ? and "status" = 'active'
     order by "created_at", "id" for update`,
    [userId],
  );
  return locked.map((row) => ({ id: row.id, quantity: Number(row.quantity) }));
}

/** Active uses per active subscription of the user (subscriptions without uses are left out). */
export async function activeUsesPerSubscription(
  em: EntityManager,
  userId: string,
): Promise<Map<string, number>> {
  const counts = await sqlRows<{ subscription_id: string; in_use: number }>(
    em,
    `select cs."subscription_id", count(*)::int as "in_use" from "child_subscription" cs
     join "subscription" s on s."id" = cs."subscription_id"
     where s."user_id" = ? and s."status" = 'active' and cs."status" = 'active'
     group by cs."subscription_id"`,
    [userId],
  );
  return new Map(counts.map((row) => [row.subscription_id, Number(row.in_use)]));
}

export async function insertActiveUse(
  em: EntityManager,
  use: { id: string; subscriptionId: string; childId: string; assignedBy: string; assignedAt: Date },
): Promise<void> {
  await sqlRows(
    em,
    `insert into "child_subscription" ("id", "subscription_id", "child_id", "status", "assigned_by", "assigned_at")
     values (?, ?, ?, 'active', ?, ?)`,
    [use.id, use.subscriptionId, use.childId, use.assignedBy, use.assignedAt],
  );
}

/** Locks the licence use (`for update`) and reads it with its subscription's holder. */
export async function lockUse(
  em: EntityManager,
  useId: string,
): Promise<{ id: string; childId: string; status: string; holderId: string } | undefined> {
  const [use] = await sqlRows<{ id: string; child_id: string; status: string; owner_id: string }>(
    em,
    `select cs."id", cs."child_id", cs."status", s."user_id" as "owner_id"
     from "child_subscription" cs join "subscription" s on s."id" = cs."subscription_id"
     where cs."id" = ? for update of cs`,
    [useId],
  );
  return use && { id: use.id, childId: use.child_id, status: use.status, holderId: use.owner_id };
}

export interface HeldSubscriptionRow {
  id: string;
  status: SubscriptionStatus;
  quantity: number;
  stripe_customer_id: string | null;
}

/** Every subscription the user holds, unordered. */
export async function subscriptionsHeldBy(em: EntityManager, userId: string): Promise<HeldSubscriptionRow[]> {
  return sqlRows<HeldSubscriptionRow>(
    em,
    `select "id", "status", "quantity", "stripe_customer_id" from "subscription" where "user_id" = ?`,
    [userId],
  );
}

export interface ShownUseRow {
  id: string;
  child_id: string;
  first_name: string | null;
  last_name: string | null;
  status: 'active' | 'inactive';
}

/**
 * The uses of the user's subscriptions worth showing: the active ones, and per child that lost its licence without
 * anyone removing it and holds none now, its latest use.
 */
export async function shownUses(em: EntityManager, userId: string): Promise<ShownUseRow[]> {
  return sqlRows<ShownUseRow>(
    em,
    `select u."id", u."child_id", c."first_name", c."last_name", u."status" from (
       select distinct on (cs."child_id") cs.*
       from "child_subscription" cs join "subscription" s on s."id" = cs."subscription_id"
       where s."user_id" = ?
         and (cs."status" = 'active' or cs."revoked_reason" in ('subscription_inactive', 'quantity_reduced'))
       order by cs."child_id", (cs."status" = 'active') desc, cs."assigned_at" desc, cs."id" desc
     ) u
     left join "child" c on c."id" = u."child_id"
     where coalesce(c."deleted", false) = false
       and (u."status" = 'active' or not exists (
         select 1 from "child_subscription" other where other."child_id" = u."child_id" and other."status" = 'active'))
     order by u."status", c."first_name", c."last_name", u."assigned_at"`,
    [userId],
  );
}

/** The user's own live children, by name, and whose licence each holds. */
export async function ownedChildren(
  em: EntityManager,
  userId: string,
): Promise<{ id: string; first_name: string; last_name: string; licence: OwnedChildLicence }[]> {
  return sqlRows<{ id: string; first_name: string; last_name: string; licence: OwnedChildLicence }>(
    em,
    `select c."id", c."first_name", c."last_name", coalesce((
       select case when s."user_id" = ? then 'yours' else 'another' end
       from "child_subscription" cs join "subscription" s on s."id" = cs."subscription_id"
       where cs."child_id" = c."id" and cs."status" = 'active'), 'none') as "licence"
     from "child" c where c."owner_id" = ? and not c."deleted"
     order by c."first_name", c."last_name", c."id"`,
    [userId, userId],
  );
}

/** Whether the user helps with a live child someone else owns. */
export async function helpsOthersChildren(em: EntityManager, userId: string): Promise<boolean> {
  const [helping] = await sqlRows<{ helps: boolean }>(
    em,
    `select exists (
       select 1 from "child_access" a join "child" c on c."id" = a."child_id"
       where a."user_id" = ? and c."owner_id" <> ? and not c."deleted") as "helps"`,
    [userId, userId],
  );
  return Boolean(helping?.helps);
}

export async function subscriptionTerms(
  em: EntityManager,
  subscriptionId: string,
): Promise<{ status: SubscriptionStatus; quantity: number } | undefined> {
  const [subscription] = await sqlRows<{ status: SubscriptionStatus; quantity: number }>(
    em,
    `select "status", "quantity" from "subscription" where "id" = ?`,
    [subscriptionId],
  );
  return subscription && { status: subscription.status, quantity: Number(subscription.quantity) };
}

/** Locks the subscription's active uses (`for update`), oldest first. */
export async function lockActiveUsesOfSubscription(
  em: EntityManager,
  subscriptionId: string,
): Promise<LicenceUseRef[]> {
  const active = await sqlRows<{ id: string; child_id: string }>(
    em,
    `select "id", "child_id" from "child_subscription" where "subscription_id" = ? and "status" = 'active'
     order by "assigned_at", "id" for update`,
    [subscriptionId],
  );
  return active.map((row) => ({ id: row.id, childId: row.child_id }));
}

/** Locks the child's active uses (`for update`). */
export async function lockActiveUsesOfChild(em: EntityManager, childId: string): Promise<LicenceUseRef[]> {
  const active = await sqlRows<{ id: string; child_id: string }>(
    em,
    `select "id", "child_id" from "child_subscription" where "child_id" = ? and "status" = 'active' for update`,
    [childId],
  );
  return active.map((row) => ({ id: row.id, childId: row.child_id }));
}

/** Whether the child exists and is not deleted. */
export async function childIsLive(em: EntityManager, childId: string): Promise<boolean> {
  const [child] = await sqlRows<{ id: string }>(
    em,
    `select "id" from "child" where "id" = ? and not "deleted"`,
    [childId],
  );
  return child !== undefined;
}

/** Whether a user owns or helps an existing child. */
export async function ownsOrHelps(em: EntityManager, userId: string, childId: string): Promise<boolean> {
  const [row] = await sqlRows<{ related: boolean }>(
    em,
    `select (c."owner_id" = ? or exists (
       select 1 from "child_access" a where a."child_id" = c."id" and a."user_id" = ?)) as "related"
     from "child" c where c."id" = ? and not c."deleted"`,
    [userId, userId, childId],
  );
  return Boolean(row?.related);
}

/** Ends the use if it is still active. */
export async function endUse(
  em: EntityManager,
  useId: string,
  at: Date,
  reason: RevocationReason,
): Promise<void> {
  await sqlRows(
    em,
    `update "child_subscription" set "status" = 'inactive', "revoked_at" = ?, "revoked_reason" = ?
     where "id" = ? and "status" = 'active'`,
    [at, reason, useId],
  );
}
