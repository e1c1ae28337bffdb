import type { EntityManager } from '@mikro-orm/core';
import { PlanLimits, type ItemStatus } from '@aba/contracts/api';
import type { PlanRow } from '../plan-kinds/plan-kind.dto.js';
import { isoTimestampSql, sqlRows } from '@aba/server-kit';

/**
 * SQL for the JSON array (`EvaluatedItem[]`, as text) of the items `i` of `"sub_plan_item"` matching
 * `itemCondition`, in creation order, each with its latest `perItem` evaluations, newest first, with their authors.
 * Postgres builds the JSON: the views that list hundreds of items with their evaluations are sent as built,
 * never parsed or serialised again by the service. One lateral `limit` per item, served by the index
 * `item_evaluation (item_id, captured_at, id)` read backwards. An evaluation's `date` is its capture time.
 *
 * With `countSince`, each item also has `evaluations_since`: its evaluations from an instant on (one `?` placed
 * before `itemCondition`'s own parameters), counted on the same index.
 */
function evaluatedItemsJsonSql(itemCondition: string, perItem: number, countSince = false): string {
  const since = countSince
    ? `, (select count(*)::int from "item_evaluation" c
           where c."item_id" = i."id" and c."captured_at" >= ?::timestamptz) as "evaluations_since"`
    : '';
  return `coalesce((
    select json_agg(
             (select entry from (select i."id", i."description", i."status", i."sub_plan_id",
                                        ${isoTimestampSql('i."created_at"')} as "created_at",
                                        coalesce(latest."evaluations", '[]'::json) as "evaluations"${since}) entry)
             order by i."created_at", i."id")
      from "sub_plan_item" i
      left join lateral (
        select json_agg(
                 (select evaluation from (select e."id", e."result", ${isoTimestampSql('e."captured_at"')} as "date",
                                                 e."user_id", coalesce(u."first_name", '') as "user_first_name",
                                                 coalesce(u."last_name", '') as "user_last_name",
                                                 e."item_id", e."plan_id") evaluation)
                 order by e."captured_at" desc, e."id" desc) as "evaluations"
          from (select * from "item_evaluation" x
                 where x."item_id" = i."id"
                 order by x."captured_at" desc, x."id" desc
                 limit ${Math.trunc(perItem)}) e
          left join "directory_user" u on u."id" = e."user_id"
      ) latest on true
     where ${itemCondition}
  ), '[]'::json)::text`;
}

/**
 * The plan's sub-plans, each with its items (optionally of one status) and each item's last 5 evaluations (with
 * `since`, an instant, also how many it has from then on) as `EvaluatedItem[]` JSON text: one statement.
 */
export function subPlansWithEvaluatedItems(
  em: EntityManager,
  planId: string,
  itemsStatus?: ItemStatus,
  since?: string,
): Promise<Array<PlanRow & { items: string }>> {
  const itemCondition = itemsStatus
    ? `i."sub_plan_id" = s."id" and i."status" = ?`
    : `i."sub_plan_id" = s."id"`;
  return sqlRows<PlanRow & { items: string }>(
    em,
    `select s."id", s."child_id", s."name", s."description", s."status", s."created_at",
            ${evaluatedItemsJsonSql(itemCondition, PlanLimits.lastEvaluationsInPlan, since !== undefined)} as "items"
       from "plan_sub_plan" ps
       join "sub_plan" s on s."id" = ps."sub_plan_id"
      where ps."plan_id" = ?`,
    [...(since !== undefined ? [since] : []), ...(itemsStatus ? [itemsStatus] : []), planId],
  );
}

/** The sub-plan's items, each with its last 100 evaluations, as `EvaluatedItem[]` JSON text: one statement. */
export async function evaluatedItemsOfSubPlan(em: EntityManager, subPlanId: string): Promise<string> {
  const [{ items }] = await sqlRows<{ items: string }>(
    em,
    `select ${evaluatedItemsJsonSql('i."sub_plan_id" = ?', PlanLimits.lastEvaluationsInSubPlan)} as "items"`,
    [subPlanId],
  );
  return items;
}
