import { Inject, Injectable } from '@nestjs/common';
import { type EntityManager, MikroORM } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import {
  mayOnChild,
  PlanLimits,
  PlanMessages,
  type ChildEvaluationPoint,
  type Evaluation,
  type EvaluationResult,
} from '@aba/contracts/api';
import { Forbidden, NotFound, ValidationFailed } from '@aba/server-kit';
import type { ChildAccessGrant } from '../child-access/child-access.types.js';
import { KEEPS_CHILD, writeToChild } from '../children/child-writes.js';
import { ItemNotFound } from '../items/items.service.js';
import { EVALUATION_COLUMNS, toEvaluationDto, type EvaluationRow } from '../plans/plan-dto.js';
import { isUuid, sqlRows, toIso } from '../sql-rows.js';
import { ItemEvaluation } from './evaluation.entity.js';

export class EvaluationNotFound extends NotFound {
  constructor() {
    super(PlanMessages.evaluationNotFound);
  }
}

/** Who may delete or correct an evaluation: its author, or anyone who may edit the child's plans (owner, coordinator). */
export function mayAlterEvaluation(
  grant: Pick<ChildAccessGrant, 'relation' | 'userId'>,
  authorId: string,
): boolean {
  return authorId === grant.userId || mayOnChild(grant.relation, 'edit');
}

/** YES/NO evaluations of a child's items: record, history, delete, and the child's evaluations by date. */
@Injectable()
export class EvaluationsService {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  private em(): EntityManager {
    return this.orm.em.fork();
  }

  /**
   * Records `result` for the child's item, by the caller, now. Through the plan path (`planId`) the item must be
   * in a sub-plan of that plan of the child, and the evaluation remembers the plan.
   */
  async create(
    grant: ChildAccessGrant,
    itemId: string,
    result: EvaluationResult,
    planId?: string,
  ): Promise<Evaluation> {
    if (!isUuid(itemId)) throw new ItemNotFound();
    if (planId !== undefined && !isUuid(planId)) throw new NotFound(PlanMessages.planNotFound);
    // The item must be the child's (and in the plan, through the plan path): checked by the insert itself, which
    // keeps the child from being deleted meanwhile.
    const source = planId
      ? `from "therapy"."sub_plan_item" i
           join "therapy"."plan_sub_plan" ps on ps."sub_plan_id" = i."sub_plan_id"
           join "therapy"."plan" p on p."id" = ps."plan_id"
          where i."id" = ? and p."id" = ? and p."child_id" = ? and ${KEEPS_CHILD}`
      : `from "therapy"."sub_plan_item" i
           join "therapy"."sub_plan" s on s."id" = i."sub_plan_id"
          where i."id" = ? and s."child_id" = ? and ${KEEPS_CHILD}`;
    const em = this.em();
    const insert = () =>
      sqlRows<EvaluationRow>(
        em,
        `with e as (
           insert into "therapy"."item_evaluation" ("id", "item_id", "child_id", "plan_id", "result", "user_id")
           select ?, i."id", ?, ?, ?, ? ${source}
           limit 1
           returning *
         )
         select ${EVALUATION_COLUMNS} from e left join "therapy"."directory_user" u on u."id" = e."user_id"`,
        [
          randomUUID(),
          grant.childId,
          planId ?? null,
          result,
          grant.userId,
          ...(planId ? [itemId, planId, grant.childId] : [itemId, grant.childId]),
          grant.childId,
        ],
      ).then((rows) => rows[0]);
    const row = await writeToChild(em, grant.childId, insert, () => new ItemNotFound());
    return toEvaluationDto(row);
  }

  /** The item's latest `limit` evaluations (default 20, at most 100), newest first. */
  async history(childId: string, itemId: string, limit: number = PlanLimits.evaluationHistoryDefault) {
    const capped = Math.min(Math.max(1, Math.trunc(limit)), PlanLimits.evaluationHistoryMax);
    const rows = await sqlRows<EvaluationRow>(
      this.em(),
      `select ${EVALUATION_COLUMNS}
           from "therapy"."item_evaluation" e
           left join "therapy"."directory_user" u on u."id" = e."user_id"
          where e."item_id" = ? and e."child_id" = ?
          order by e."created_at" desc, e."id" desc
          limit ${capped}`,
      [itemId, childId],
    );
    return rows.map(toEvaluationDto);
  }

  /** Therapists delete their own evaluations; owners and coordinators any of the child's. */
  async delete(grant: ChildAccessGrant, evaluationId: string): Promise<void> {
    if (!isUuid(evaluationId)) throw new EvaluationNotFound();
    const em = this.em();
    const evaluation = await em.findOne(ItemEvaluation, { id: evaluationId, childId: grant.childId });
    if (!evaluation) throw new EvaluationNotFound();
    if (!mayAlterEvaluation(grant, evaluation.userId)) throw new Forbidden(PlanMessages.notYourEvaluation);
    await em.nativeDelete(ItemEvaluation, { id: evaluation.id });
  }

  /**
   * Corrects the evaluation's result in place (the redo): its date, author and plan stay, so the trial keeps its
   * place in the history and counts once. Who may: as for a delete.
   */
  async setResult(
    grant: ChildAccessGrant,
    evaluationId: string,
    result: EvaluationResult,
  ): Promise<Evaluation> {
    if (!isUuid(evaluationId)) throw new EvaluationNotFound();
    const em = this.em();
    const evaluation = await em.findOne(ItemEvaluation, { id: evaluationId, childId: grant.childId });
    if (!evaluation) throw new EvaluationNotFound();
    if (!mayAlterEvaluation(grant, evaluation.userId))
      throw new Forbidden(PlanMessages.notYourEvaluationToChange);
    const update = () =>
      sqlRows<EvaluationRow>(
        em,
        `with e as (
           update "therapy"."item_evaluation" set "result" = ?
            where "id" = ? and "child_id" = ? and ${KEEPS_CHILD}
           returning *
         )
         select ${EVALUATION_COLUMNS} from e left join "therapy"."directory_user" u on u."id" = e."user_id"`,
        [result, evaluation.id, grant.childId, grant.childId],
      ).then((rows) => rows[0]);
    return toEvaluationDto(await writeToChild(em, grant.childId, update, () => new EvaluationNotFound()));
  }

  /** The child's evaluations, oldest first, optionally between two calendar days (UTC, inclusive). */
  async forChild(childId: string, from?: string, to?: string): Promise<ChildEvaluationPoint[]> {
    if (from && to && from > to) throw new ValidationFailed(PlanMessages.dateRangeInvalid);
    const conditions = ['"child_id" = ?'];
    const params: unknown[] = [childId];
    if (from) {
      conditions.push('"created_at" >= ?::date');
      params.push(from);
    }
    if (to) {
      conditions.push(`"created_at" < ?::date + interval '1 day'`);
      params.push(to);
    }
    const rows = await sqlRows<{ created_at: Date | string; result: EvaluationResult }>(
      this.em(),
      `select "created_at", "result" from "therapy"."item_evaluation"
          where ${conditions.join(' and ')}
          order by "created_at", "id"`,
      params,
    );
    return rows.map((row) => ({ date: toIso(row.created_at), result: row.result }));
  }

  /** The child of an evaluation, for `/api/item-evaluation/{id}/…`; 404 otherwise. */
  async childOf(evaluationId: string): Promise<string> {
    if (!isUuid(evaluationId)) throw new EvaluationNotFound();
    const evaluation = await this.em().findOne(ItemEvaluation, evaluationId, { fields: ['childId'] });
    if (!evaluation) throw new EvaluationNotFound();
    return evaluation.childId;
  }
}
