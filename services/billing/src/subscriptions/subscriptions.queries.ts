import type { EntityManager } from '@mikro-orm/core';
import type { SubscriptionStatus } from '@aba/contracts/api';
import { sqlRows } from '@aba/server-kit';

/** A subscription as the admin view reads it, with its holder's name. */
export interface SubscriptionRow {
  id: string;
  user_id: string;
  first_name: string | null;
  last_name: string | null;
  quantity: number;
  status: SubscriptionStatus;
  created_at: Date | string;
  last_update: Date | string;
  stripe_subscription_id: string | null;
  stripe_customer_id: string | null;
}

const SELECT_VIEW = `select s."id", s."user_id", u."first_name", u."last_name", s."quantity", s."status", s."created_at",
  s."last_update", s."stripe_subscription_id", s."stripe_customer_id"
  from "subscription" s left join "billing_user" u on u."id" = s."user_id"`;

/** Every subscription, newest first. */
export async function allSubscriptions(em: EntityManager): Promise<SubscriptionRow[]> {
  return sqlRows<SubscriptionRow>(em, `${SELECT_VIEW} order by s."created_at" desc, s."id" desc`);
}

export async function subscriptionRow(em: EntityManager, id: string): Promise<SubscriptionRow | undefined> {
  const [row] = await sqlRows<SubscriptionRow>(em, `${SELECT_VIEW} where s."id" = ?`, [id]);
  return row;
}

/** Locks the subscription (`for update`) and reads its status. */
export async function lockSubscriptionStatus(
  em: EntityManager,
  id: string,
): Promise<SubscriptionStatus | undefined> {
  const [current] = await sqlRows<{ status: SubscriptionStatus }>(
    em,
    `select "status" from "subscription" where "id" = ? for update`,
    [id],
  );
  return current?.status;
}
