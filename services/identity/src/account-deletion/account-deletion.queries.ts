import type { EntityManager } from '@mikro-orm/core';
import { sqlRows } from '@aba/server-kit';

/** Whose rows: the account's id and its e-mail (the login throttle and invitations know the account by it). */
export interface ErasedAccount {
  userId: string;
  email: string;
}

/**
 * Identity's statements erasing an account (issue 17, ADR 0050), by table: every row about the user or their address,
 * the account's row last. The tables of `IDENTITY_EXPORT_COVERAGE` (account-export/identity-part.ts) are those
 * holding a user's rows, each erased here; the outbox keeps an event until it is relayed, the inbox holds no
 * personal data. An invitation the user sent to someone else stays that person's: it only forgets who sent it.
 */
const ERASURE: readonly { sql: string; params: (who: ErasedAccount) => unknown[] }[] = [
  { sql: `delete from "session" where "user_id" = ?`, params: (who) => [who.userId] },
  {
    sql: `delete from "one_time_token" where "user_id" = ? or ("kind" = 'invite' and "email" = ?)`,
    params: (who) => [who.userId, who.email],
  },
  {
    sql: `update "one_time_token" set "invited_by" = null where "invited_by" = ?`,
    params: (who) => [who.userId],
  },
  { sql: `delete from "login_failure" where "account" = ?`, params: (who) => [who.email] },
  { sql: `delete from "login_known_address" where "account" = ?`, params: (who) => [who.email] },
  { sql: `delete from "login_pace" where "account" = ?`, params: (who) => [who.email] },
  { sql: `delete from "user_child" where "user_id" = ?`, params: (who) => [who.userId] },
  { sql: `delete from "account_export" where "user_id" = ?`, params: (who) => [who.userId] },
  { sql: `delete from "user_account" where "id" = ?`, params: (who) => [who.userId] },
];

/** Deletes everything identity holds about `who`, in the caller's transaction. */
export async function eraseAccount(em: EntityManager, who: ErasedAccount): Promise<void> {
  for (const statement of ERASURE) await sqlRows(em, statement.sql, statement.params(who));
}
