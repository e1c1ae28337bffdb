import type { EntityManager } from '@mikro-orm/core';
import { sqlRows } from '@aba/server-kit';

/** Whose additions count towards a limit: the adding user's or the child's. */
export type AdditionScope = 'byUser' | 'forChild';

const SCOPE_COLUMN: Record<AdditionScope, string> = { byUser: '"added_by"', forChild: '"child_id"' };

/** Additions since `since` by the user and to the child, counted in one statement. */
export async function countAdditionsSince(
  em: EntityManager,
  userId: string,
  childId: string,
  since: Date,
): Promise<Record<AdditionScope, number>> {
  const [counts] = await sqlRows<Record<AdditionScope, number>>(
    em,
    `select count(*) filter (where "added_by" = ?)::int as "byUser",
            count(*) filter (where "child_id" = ?)::int as "forChild"
       from "helper_addition"
      where "added_at" > ? and ("added_by" = ? or "child_id" = ?)`,
    [userId, childId, since, userId, childId],
  );
  return counts;
}

/** When the `rank`-th newest addition (0 = newest) of the scope since `since` was made, if there is one. */
export async function additionTimeAtRank(
  em: EntityManager,
  scope: AdditionScope,
  key: string,
  since: Date,
  rank: number,
): Promise<Date | undefined> {
  const [row] = await sqlRows<{ addedAt: Date }>(
    em,
    `select "added_at" as "addedAt" from "helper_addition"
      where ${SCOPE_COLUMN[scope]} = ? and "added_at" > ? order by "added_at" desc offset ? limit 1`,
    [key, since, rank],
  );
  return row && new Date(row.addedAt);
}

export async function recordAddition(
  em: EntityManager,
  childId: string,
  addedBy: string,
  at: Date,
): Promise<void> {
  await sqlRows(em, `insert into "helper_addition" ("child_id", "added_by", "added_at") values (?, ?, ?)`, [
    childId,
    addedBy,
    at,
  ]);
}

/** Records that the user left the child's team, as what they were on it (`former_helper`, ADR 0044). */
export async function recordFormerHelper(
  em: EntityManager,
  childId: string,
  userId: string,
  accessType: 'ADMIN' | 'THERAPIST',
): Promise<void> {
  await sqlRows(em, `insert into "former_helper" ("child_id", "user_id", "access_type") values (?, ?, ?)`, [
    childId,
    userId,
    accessType,
  ]);
}
