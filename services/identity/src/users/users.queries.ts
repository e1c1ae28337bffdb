import type { EntityManager } from '@mikro-orm/core';
import { sqlRows } from '@aba/server-kit';

/** The account's e-mail, with its row locked until the transaction ends; null without an active account. */
export async function lockActiveAccount(em: EntityManager, userId: string): Promise<string | null> {
  const [row] = await sqlRows<{ email: string }>(
    em,
    `select "email" from "user_account" where "id" = ? and "active" for update`,
    [userId],
  );
  return row?.email ?? null;
}
