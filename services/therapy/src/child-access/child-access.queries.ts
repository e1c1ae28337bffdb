import type { EntityManager } from '@mikro-orm/core';
import type { ChildRelation } from '@aba/contracts/api';
import { preparedRows } from '@aba/server-kit';

/** How the standing statement names the child's id for the gates' facts (`ChildGate.fact`). */
export const CHILD_ID = 'c."id"';

type StandingRow = { owner_id: string; access_type: ChildRelation | null; deleted: boolean } & Record<
  string,
  unknown
>;

/**
 * The child's owner, the user's active helper relation and whether the child is deleted, with each gate's fact as
 * `fact_<index>`: one indexed statement, prepared (one per route's facts): every child's call runs it, and planning it
 * cost eight times its execution.
 */
export function childStandingRow(
  em: EntityManager,
  userId: string,
  childId: string,
  facts: readonly string[],
): Promise<StandingRow[]> {
  const factColumns = facts.map((fact, index) => `, (${fact}) as "fact_${index}"`).join('');
  return preparedRows<StandingRow>(
    em,
    `select c."owner_id", h."access_type", c."deleted_at" is not null as "deleted"${factColumns}
           from "child" c
           left join "child_helper" h
             on h."child_id" = c."id" and h."user_id" = ? and h."status" = 'ACTIVE'
          where c."id" = ?`,
    [userId, childId],
  );
}

/** When the user last left the child's team, and as what (`former_helper`); `undefined` if they never were on it. */
export async function lastMembership(
  em: EntityManager,
  userId: string,
  childId: string,
): Promise<{ access_type: 'ADMIN' | 'THERAPIST'; left_at: Date } | undefined> {
  const rows = await preparedRows<{ access_type: 'ADMIN' | 'THERAPIST'; left_at: Date | string }>(
    em,
    `select "access_type", "left_at" from "former_helper"
      where "child_id" = ? and "user_id" = ?
      order by "left_at" desc limit 1`,
    [childId, userId],
  );
  return rows[0] && { access_type: rows[0].access_type, left_at: new Date(rows[0].left_at) };
}
