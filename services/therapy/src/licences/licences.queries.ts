import type { EntityManager } from '@mikro-orm/core';
import { sqlRows } from '@aba/server-kit';

/** A SQL boolean: whether the child whose id is the SQL expression `childId` holds a licence (one not ended). */
export const childHoldsLicence = (childId: string): string =>
  `exists (select 1 from "child_licence" l where l."child_id" = ${childId} and l."ended_at" is null)`;

/** Whether the child held a licence at `at`: one it holds, or one that ended after `at`. */
export async function childLicensedAt(em: EntityManager, childId: string, at: Date): Promise<boolean> {
  const rows = await sqlRows<{ licensed: boolean }>(
    em,
    `select exists (select 1 from "child_licence" l
                     where l."child_id" = ? and (l."ended_at" is null or l."ended_at" > ?)) as "licensed"`,
    [childId, at],
  );
  return rows[0]?.licensed === true;
}
