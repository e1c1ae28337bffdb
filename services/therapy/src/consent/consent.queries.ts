import type { EntityManager } from '@mikro-orm/core';
import type { ChildConsent } from '@aba/contracts/api';
import { sqlRows, toIso } from '@aba/server-kit';

export interface ConsentRow {
  version: string;
  given_by: string;
  given_at: Date | string;
  withdrawn_at: Date | string | null;
}

const COLUMNS = `"version", "given_by", "given_at", "withdrawn_at"`;

/** A `child_consent` row (or its JSON, as `childExtras` reads it) as the calls answer it. */
export const toConsent = (row: ConsentRow): ChildConsent => ({
  version: row.version,
  given_by: row.given_by,
  given_at: toIso(row.given_at),
  withdrawn_at: row.withdrawn_at === null ? null : toIso(row.withdrawn_at),
});

/** A SQL boolean: whether consent to the data of the child whose id is the SQL expression `childId` was withdrawn. */
export const consentWithdrawn = (childId: string): string =>
  `exists (select 1 from "child_consent" k where k."child_id" = ${childId} and k."withdrawn_at" is not null)`;

/** The child's consent as recorded; null when none was ever given. */
export async function consentOf(em: EntityManager, childId: string): Promise<ChildConsent | null> {
  const rows = await sqlRows<ConsentRow>(em, `select ${COLUMNS} from "child_consent" where "child_id" = ?`, [
    childId,
  ]);
  return rows[0] ? toConsent(rows[0]) : null;
}

/** Records `userId`'s consent of `version` to the child's data, in place of any earlier one (a withdrawal included). */
export async function recordConsent(
  em: EntityManager,
  childId: string,
  userId: string,
  version: string,
): Promise<ChildConsent> {
  const [row] = await sqlRows<ConsentRow>(
    em,
    `insert into "child_consent" ("child_id", "version", "given_by") values (?, ?, ?)
     on conflict ("child_id") do update set "version" = excluded."version", "given_by" = excluded."given_by",
       "given_at" = now(), "withdrawn_at" = null, "withdrawn_by" = null
     returning ${COLUMNS}`,
    [childId, version, userId],
  );
  return toConsent(row);
}

/** Marks the child's consent withdrawn by `userId`; undefined when there is none in force. */
export async function withdrawConsent(
  em: EntityManager,
  childId: string,
  userId: string,
): Promise<ChildConsent | undefined> {
  const [row] = await sqlRows<ConsentRow>(
    em,
    `update "child_consent" set "withdrawn_at" = now(), "withdrawn_by" = ?
      where "child_id" = ? and "withdrawn_at" is null
      returning ${COLUMNS}`,
    [userId, childId],
  );
  return row && toConsent(row);
}
