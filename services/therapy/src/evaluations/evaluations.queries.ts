import type { EntityManager } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import type { ChildEvaluationPoint, Evaluation, EvaluationResult } from '@aba/contracts/api';
import { KEEPS_CHILD } from '../children/child-writes.js';
import { toEvaluationDto, type EvaluationRow } from './evaluation.dto.js';
import { preparedRows, sqlRows, toIso } from '@aba/server-kit';
import { repeatOf } from '../sessions/session-capture.js';
import type { CaptureSession } from '../sessions/sessions.queries.js';
import { trialGateJsonSql, type TrialGateRow } from '../mastery/mastery.queries.js';

/** Columns of an `EvaluationRow` from `e` (evaluation) and `u` (directory_user). */
const EVALUATION_COLUMNS = `e."id", e."result", e."captured_at", e."user_id", e."item_id", e."plan_id",
  u."first_name", u."last_name"`;

/**
 * The evaluation a data-modifying statement `e` returned, with its author's names (and `more` columns of `e`), after
 * the CTEs `before` the statement needs.
 */
const withAuthor = (statement: string, { more = '', before = '' }: { more?: string; before?: string } = {}) =>
  `with ${before ? `${before}, ` : ''}e as (${statement})
   select ${EVALUATION_COLUMNS}${more} from e left join "directory_user" u on u."id" = e."user_id"`;

export interface NewEvaluation {
  /** The device's id for it (a repeat of it is no new trial), else one is made. */
  id?: string;
  childId: string;
  itemId: string;
  result: EvaluationResult;
  userId: string;
  /** Through the plan path: the item must be in a sub-plan of this plan of the child. */
  planId?: string;
  session: CaptureSession;
  capturedAt: Date;
}

/** A new evaluation, with the session it went to and what the gate read; or a device's repeat of a recorded one. */
export type InsertedEvaluation =
  | { evaluation: Evaluation; gate: TrialGateRow | undefined; sessionId: string; repeated: false }
  | { evaluation: Evaluation; repeated: true };

/**
 * Records the evaluation in its session, keeping the child; `undefined` when the item is not the child's (or, with
 * `planId`, not in that plan of the child): the insert checks it itself. `withGate`: the same statement also reads
 * what the mastery rule's gate needs (`trialGateJsonSql`) as it was before this trial. A device's id already recorded
 * writes nothing: the evaluation is answered as recorded (`repeated`) if it is the same capture (child, item, author),
 * else 409. Prepared, outside a transaction.
 */
export async function insertEvaluation(
  em: EntityManager,
  evaluation: NewEvaluation,
  { withGate = false }: { withGate?: boolean } = {},
): Promise<InsertedEvaluation | undefined> {
  const { id, childId, itemId, result, userId, planId, session, capturedAt } = evaluation;
  const source = planId
    ? `from "capture_session" cs, "sub_plan_item" i
         join "plan_sub_plan" ps on ps."sub_plan_id" = i."sub_plan_id"
         join "plan" p on p."id" = ps."plan_id"
        where i."id" = ? and p."id" = ? and p."child_id" = ? and ${KEEPS_CHILD}`
    : `from "capture_session" cs, "sub_plan_item" i
         join "sub_plan" s on s."id" = i."sub_plan_id"
        where i."id" = ? and s."child_id" = ? and ${KEEPS_CHILD}`;
  const gate = withGate ? `, ${trialGateJsonSql('e."item_id"', 'e."session_id"')} as "gate"` : '';
  const rows = await preparedRows<EvaluationRow & { sessionId: string; gate?: TrialGateRow | null }>(
    em,
    withAuthor(
      `insert into "item_evaluation" ("id", "item_id", "child_id", "plan_id", "result", "user_id", "session_id", "captured_at")
       select ?::uuid, i."id", ?::uuid, ?::uuid, ?, ?::uuid, cs."id", ?::timestamptz ${source}
       limit 1
       on conflict ("id") do nothing
       returning *`,
      { before: session.cte, more: `, e."session_id" as "sessionId"${gate}` },
    ),
    [
      ...session.params,
      id ?? randomUUID(),
      childId,
      planId ?? null,
      result,
      userId,
      capturedAt,
      ...(planId ? [itemId, planId, childId] : [itemId, childId]),
      childId,
    ],
  );
  const row = rows[0];
  if (row) {
    return {
      evaluation: toEvaluationDto(row),
      gate: row.gate ?? undefined,
      sessionId: row.sessionId,
      repeated: false,
    };
  }
  const recorded = repeatOf(
    id === undefined ? undefined : await recordedEvaluation(em, id),
    (same) => same.child_id === childId && same.item_id === itemId && same.user_id === userId,
  );
  return recorded && { evaluation: toEvaluationDto(recorded), repeated: true };
}

/** The evaluation `id` as recorded, with its author's names and its child; `undefined` when there is none. */
async function recordedEvaluation(
  em: EntityManager,
  id: string,
): Promise<(EvaluationRow & { child_id: string }) | undefined> {
  const rows = await sqlRows<EvaluationRow & { child_id: string }>(
    em,
    `select ${EVALUATION_COLUMNS}, e."child_id"
       from "item_evaluation" e left join "directory_user" u on u."id" = e."user_id"
      where e."id" = ?`,
    [id],
  );
  return rows[0];
}

/** The child's item's latest `limit` evaluations, the last captured first. */
export async function latestEvaluations(
  em: EntityManager,
  childId: string,
  itemId: string,
  limit: number,
): Promise<Evaluation[]> {
  const rows = await sqlRows<EvaluationRow>(
    em,
    `select ${EVALUATION_COLUMNS}
       from "item_evaluation" e
       left join "directory_user" u on u."id" = e."user_id"
      where e."item_id" = ? and e."child_id" = ?
      order by e."captured_at" desc, e."id" desc
      limit ${Math.trunc(limit)}`,
    [itemId, childId],
  );
  return rows.map(toEvaluationDto);
}

/** Corrects the child's evaluation's result, keeping the child; `undefined` when it is gone. */
export async function updateEvaluationResult(
  em: EntityManager,
  childId: string,
  evaluationId: string,
  result: EvaluationResult,
): Promise<Evaluation | undefined> {
  const rows = await sqlRows<EvaluationRow>(
    em,
    withAuthor(
      `update "item_evaluation" set "result" = ?
        where "id" = ? and "child_id" = ? and ${KEEPS_CHILD}
       returning *`,
    ),
    [result, evaluationId, childId, childId],
  );
  return rows[0] && toEvaluationDto(rows[0]);
}

/** The child's evaluations in the order they were captured, optionally from and to calendar days (UTC, inclusive). */
export async function evaluationPointsOfChild(
  em: EntityManager,
  childId: string,
  from?: string,
  to?: string,
): Promise<ChildEvaluationPoint[]> {
  const conditions = ['"child_id" = ?'];
  const params: unknown[] = [childId];
  if (from) {
    conditions.push('"captured_at" >= ?::date');
    params.push(from);
  }
  if (to) {
    conditions.push(`"captured_at" < ?::date + interval '1 day'`);
    params.push(to);
  }
  const rows = await sqlRows<{ captured_at: Date | string; result: EvaluationResult }>(
    em,
    `select "captured_at", "result" from "item_evaluation"
      where ${conditions.join(' and ')}
      order by "captured_at", "id"`,
    params,
  );
  return rows.map((row) => ({ date: toIso(row.captured_at), result: row.result }));
}
