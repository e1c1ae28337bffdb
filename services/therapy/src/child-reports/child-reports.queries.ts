import type { EntityManager } from '@mikro-orm/core';
import { sqlRows } from '@aba/server-kit';
import type { ExportScope } from '../child-export/export-data-sets.js';
import { EFFECTIVE_END } from '../sessions/sessions.queries.js';

/**
 * The child's today and first day with data (a trial captured, a behaviour logged) on the child's clock, the bounds of
 * a report whose period is left open; `undefined` for no such child.
 */
export async function childDays(
  em: EntityManager,
  childId: string,
): Promise<{ today: string; firstDay: string | null } | undefined> {
  const [row] = await sqlRows<{ today: string; firstDay: string | null }>(
    em,
    `select to_char(now() at time zone c."time_zone", 'YYYY-MM-DD') as "today",
            to_char(least((select min(e."captured_at") from "item_evaluation" e where e."child_id" = c."id"),
                          (select min(t."date_logged") from "behavior_tracking" t
                             join "behavior" b on b."id" = t."behavior_id" where b."child_id" = c."id"))
                      at time zone c."time_zone", 'YYYY-MM-DD') as "firstDay"
       from "child" c where c."id" = ?`,
    [childId],
  );
  return row;
}

/** Each of the child's behaviours (by name) with its logs within the scope counted per local day. */
export async function behaviorsPerDay(
  em: EntityManager,
  scope: ExportScope,
): Promise<Array<{ name: string; perDay: Record<string, number> }>> {
  return sqlRows(
    em,
    `select b."name",
            coalesce((select json_object_agg(d."day", d."logs") from (
                        select to_char(t."date_logged" at time zone c."time_zone", 'YYYY-MM-DD') as "day",
                               count(*)::int as "logs"
                          from "behavior_tracking" t
                         where t."behavior_id" = b."id" and t."date_logged" >= ?::timestamptz
                           and t."date_logged" < ?::timestamptz
                         group by 1) d), '{}') as "perDay"
       from "behavior" b join "child" c on c."id" = b."child_id"
      where b."child_id" = ?
      order by lower(b."name"), b."id"`,
    [scope.fromAt, scope.toAt, scope.childId],
  );
}

/** The sessions begun within the scope: the local day each began, and its minutes (to now for one still running). */
export async function sessionsOfScope(
  em: EntityManager,
  scope: ExportScope,
): Promise<Array<{ day: string; minutes: number }>> {
  return sqlRows(
    em,
    `select to_char(s."started_at" at time zone c."time_zone", 'YYYY-MM-DD') as "day",
            (extract(epoch from coalesce(${EFFECTIVE_END}, now()) - s."started_at") / 60)::float8 as "minutes"
       from "session" s join "child" c on c."id" = s."child_id"
      where s."child_id" = ? and s."started_at" >= ?::timestamptz and s."started_at" < ?::timestamptz
      order by s."started_at", s."id"`,
    [scope.childId, scope.fromAt, scope.toAt],
  );
}
