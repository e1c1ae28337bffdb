import { Header } from '@nestjs/common';

/** A timestamptz column as JSON's ISO form, exactly as `Date.prototype.toISOString` writes it. */
export const isoTimestampSql = (column: string): string =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * SQL for the JSON array (`EvaluatedItem[]`, as text) of the items `i` of `"therapy"."sub_plan_item"` matching
 * `itemCondition`, in creation order, each with its latest `perItem` evaluations, newest first, with their authors.
 * Postgres builds the JSON: the views that list hundreds of items with their evaluations are sent as built,
 * never parsed or serialised again by the service. One lateral `limit` per item, served by the index
 * `item_evaluation (item_id, created_at desc, id desc)`.
 *
 * With `countSince`, each item also has `evaluations_since`: its evaluations from an instant on (one `?` placed
 * before `itemCondition`'s own parameters), counted on the same index.
 */
export function evaluatedItemsJsonSql(itemCondition: string, perItem: number, countSince = false): string {
  const since = countSince
    ? `, (select count(*)::int from "therapy"."item_evaluation" c
           where c."item_id" = i."id" and c."created_at" >= ?::timestamptz) as "evaluations_since"`
    : '';
  return `coalesce((
    select json_agg(
             (select entry from (select i."id", i."description", i."status", i."sub_plan_id",
                                        ${isoTimestampSql('i."created_at"')} as "created_at",
                                        coalesce(latest."evaluations", '[]'::json) as "evaluations"${since}) entry)
             order by i."created_at", i."id")
      from "therapy"."sub_plan_item" i
      left join lateral (
        select json_agg(
                 (select evaluation from (select e."id", e."result", ${isoTimestampSql('e."created_at"')} as "date",
                                                 e."user_id", coalesce(u."first_name", '') as "user_first_name",
                                                 coalesce(u."last_name", '') as "user_last_name",
                                                 e."item_id", e."plan_id") evaluation)
                 order by e."created_at" desc, e."id" desc) as "evaluations"
          from (select * from "therapy"."item_evaluation" x
                 where x."item_id" = i."id"
                 order by x."created_at" desc, x."id" desc
                 limit ${Math.trunc(perItem)}) e
          left join "therapy"."directory_user" u on u."id" = e."user_id"
      ) latest on true
     where ${itemCondition}
  ), '[]'::json)::text`;
}

/** JSON text of `object` with one more field whose value is JSON text already (`EvaluatedItem[]` from SQL). */
export function withJsonField(object: object, field: string, json: string): string {
  const head = JSON.stringify(object);
  return `${head.slice(0, -1)}${head.length > 2 ? ',' : ''}${JSON.stringify(field)}:${json}}`;
}

/** For handlers that return JSON text built by `withJsonField` (Nest would send a string as text/html). */
export const RespondsWithJsonText = () => Header('Content-Type', 'application/json; charset=utf-8');
