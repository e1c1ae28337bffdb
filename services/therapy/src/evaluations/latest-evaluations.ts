import type { EntityManager } from '@mikro-orm/core';
import type { Evaluation } from '@aba/contracts/api';
import { EVALUATION_COLUMNS, sqlRows, toEvaluationDto, type EvaluationRow } from '../plans/plan-dto.js';

/**
 * The items whose evaluations are wanted, as SQL naming them `i` (a `sub_plan_item` row): `from` joins and
 * `where` conditions with their `?` parameters, in order.
 */
export interface ItemScope {
  from: string;
  where: string;
  params: unknown[];
}

/**
 * The latest `perItem` evaluations of every item in `scope`, newest first, with their authors: ONE statement
 * whatever the number of items or evaluations (a lateral `limit` per item, served by the index
 * `item_evaluation (item_id, created_at desc, id desc)`).
 */
export async function latestEvaluations(
  em: EntityManager,
  scope: ItemScope,
  perItem: number,
): Promise<Map<string, Evaluation[]>> {
  const rows = await sqlRows<EvaluationRow>(
    em,
    `select ${EVALUATION_COLUMNS}
       ${scope.from}
       cross join lateral (
         select * from "therapy"."item_evaluation" x
          where x."item_id" = i."id"
          order by x."created_at" desc, x."id" desc
          limit ${Math.trunc(perItem)}
       ) e
       left join "therapy"."directory_user" u on u."id" = e."user_id"
      where ${scope.where}
      order by e."item_id", e."created_at" desc, e."id" desc`,
    scope.params,
  );
  const byItem = new Map<string, Evaluation[]>();
  for (const row of rows) {
    const list = byItem.get(row.item_id) ?? [];
    list.push(toEvaluationDto(row));
    byItem.set(row.item_id, list);
  }
  return byItem;
}
