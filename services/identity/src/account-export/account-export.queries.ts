import type { EntityManager } from '@mikro-orm/core';
import { isoTimestampSql, sqlRows } from '@aba/server-kit';

type Row = Record<string, unknown>;

/** Whose rows: the account's id and its e-mail (the login throttle and invitations know the account by it). */
export interface ExportSubject {
  userId: string;
  email: string;
}

/**
 * Identity's reads for an account's data export (issue 17, ADR 0048), by the part's table name. Each names its
 * columns, so a column added to a table later is exported only once someone chooses to; no read names a password
 * hash or a secret's hash (the session and link ids).
 */
const READS = {
  account: {
    sql: `select u."id", u."first_name", u."last_name", u."email", u."phone", u."role", u."language", u."active",
            ${isoTimestampSql('u."registered_at"')} as "date_registered",
            ${isoTimestampSql(`(select max(t."used_at") from "one_time_token" t
                     where t."user_id" = u."id" and t."kind" = 'activation')`)} as "date_activated"
          from "user_account" u where u."id" = ?`,
    params: (who: ExportSubject) => [who.userId],
  },
  sessions: {
    sql: `select ${isoTimestampSql('"created_at"')} as "created_at", ${isoTimestampSql('"last_seen_at"')} as "last_seen_at",
            ${isoTimestampSql('"expires_at"')} as "expires_at"
          from "session" where "user_id" = ? order by "created_at"`,
    params: (who: ExportSubject) => [who.userId],
  },
  emailed_links: {
    sql: `select "kind", "email", "child_id", "access_type", "invited_by", ${isoTimestampSql('"created_at"')} as "created_at",
            ${isoTimestampSql('"expires_at"')} as "expires_at", ${isoTimestampSql('"used_at"')} as "used_at"
            from "one_time_token" where "user_id" = ? or ("kind" = 'invite' and "email" = ?)
           order by "created_at", "kind"`,
    params: (who: ExportSubject) => [who.userId, who.email],
  },
  failed_logins: {
    sql: `select "address", ${isoTimestampSql('"failed_at"')} as "failed_at" from "login_failure" where "account" = ?
          order by "failed_at"`,
    params: (who: ExportSubject) => [who.email],
  },
  login_addresses: {
    sql: `select "address", ${isoTimestampSql('"last_success_at"')} as "last_success_at"
            from "login_known_address" where "account" = ? order by "last_success_at"`,
    params: (who: ExportSubject) => [who.email],
  },
  login_pace: {
    sql: `select ${isoTimestampSql('"next_attempt_at"')} as "next_attempt_at" from "login_pace" where "account" = ?`,
    params: (who: ExportSubject) => [who.email],
  },
  children: {
    sql: `select "child_id", ${isoTimestampSql('"since"')} as "since" from "user_child" where "user_id" = ?
          order by "since", "child_id"`,
    params: (who: ExportSubject) => [who.userId],
  },
  data_exports: {
    sql: `select ${isoTimestampSql('"requested_at"')} as "requested_at" from "account_export" where "user_id" = ?
          order by "requested_at"`,
    params: (who: ExportSubject) => [who.userId],
  },
} as const;

export type IdentityExportTable = keyof typeof READS;

/** The rows of one of the export's tables about `who`. */
export function exportRows(
  em: EntityManager,
  table: IdentityExportTable,
  who: ExportSubject,
): Promise<Row[]> {
  return sqlRows<Row>(em, READS[table].sql, READS[table].params(who));
}

/** When the account's exports after `since` were asked for, oldest first. */
export async function exportTimesSince(em: EntityManager, userId: string, since: Date): Promise<Date[]> {
  const rows = await sqlRows<{ requested_at: Date }>(
    em,
    `select "requested_at" from "account_export" where "user_id" = ? and "requested_at" > ?
      order by "requested_at"`,
    [userId, since],
  );
  return rows.map((row) => new Date(row.requested_at));
}

/** Records an export asked for; answers its id. */
export async function insertExport(em: EntityManager, userId: string, at: Date): Promise<string> {
  const [row] = await sqlRows<{ id: string }>(
    em,
    `insert into "account_export" ("user_id", "requested_at") values (?, ?) returning "id"`,
    [userId, at],
  );
  return String(row.id);
}

/** Forgets an export that could not be made (it does not count towards the limit). */
export async function deleteExport(em: EntityManager, id: string): Promise<void> {
  await sqlRows(em, `delete from "account_export" where "id" = ?`, [id]);
}

/** Forgets exports asked for at or before `until` (they no longer count). */
export async function deleteExportsUpTo(em: EntityManager, until: Date): Promise<void> {
  await sqlRows(em, `delete from "account_export" where "requested_at" <= ?`, [until]);
}
