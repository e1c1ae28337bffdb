import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import {
  mayOnChild,
  PlanLimits,
  PlanMessages,
  type RecordedCaptureFields,
  type ChildEvaluationPoint,
  type EvaluationResponse,
  type EvaluationResult,
} from '@aba/contracts/api';
import { Forbidden, NotFound, ValidationFailed, isUuid, toIso } from '@aba/server-kit';
import { withAudit, type AuditChange } from '../audit-trail/audit-trail.js';
import type { ChildAccessGrant } from '../child-access/child-access.types.js';
import { MasteryService } from '../mastery/mastery.service.js';
import { captureInSession, licensedCapture } from '../sessions/session-capture.js';
import { writeToChild } from '../children/child-writes.js';
import { ItemNotFound } from '../items/items.errors.js';
import { EvaluationNotFound } from './evaluations.errors.js';
import { ItemEvaluation } from './evaluation.entity.js';
import {
  evaluationPointsOfChild,
  insertEvaluation,
  latestEvaluations,
  updateEvaluationResult,
} from './evaluations.queries.js';

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
  constructor(
    @Inject(EntityManager) private readonly em: EntityManager,
    @Inject(MasteryService) private readonly mastery: MasteryService,
  ) {}

  /**
   * Records `result` for the child's item, by the caller, in its session (`captureInSession`), at the device's capture
   * time or now. Through the plan path (`planId`) the item must be in a sub-plan of that plan of the child, and the
   * evaluation remembers the plan. A device's `id` already recorded is a repeat: nothing is written and the evaluation
   * is answered as recorded, with no mastery outcome (`repeated`, which the call answers with 200, not 201).
   */
  async create(
    grant: ChildAccessGrant,
    itemId: string,
    result: EvaluationResult,
    capture: RecordedCaptureFields,
    planId?: string,
  ): Promise<{ answer: EvaluationResponse; repeated: boolean }> {
    if (!isUuid(itemId)) throw new ItemNotFound();
    if (planId !== undefined && !isUuid(planId)) throw new NotFound(PlanMessages.planNotFound);
    const em = this.em;
    const { childId, userId } = grant;
    const captured = await licensedCapture(em, grant, capture);
    const withGate = this.mastery.decides;
    const insert = () =>
      captureInSession(em, captured, (tx, session) =>
        insertEvaluation(
          tx,
          {
            id: capture.id,
            childId,
            itemId,
            result,
            userId,
            planId,
            session,
            capturedAt: captured.capturedAt,
          },
          { withGate },
        ),
      );
    const written = await writeToChild(em, childId, insert, () => new ItemNotFound());
    if (written.repeated)
      return { answer: { evaluation: written.evaluation, mastery: null }, repeated: true };
    const { evaluation, gate, sessionId } = written;
    const trial = {
      id: evaluation.id,
      session_id: sessionId,
      captured_at: captured.capturedAt.toISOString(),
      result,
    };
    return {
      answer: { evaluation, mastery: await this.mastery.afterTrial(em, childId, itemId, { trial, gate }) },
      repeated: false,
    };
  }

  /** The item's latest `limit` evaluations (default 20, at most 100), newest first. */
  history(childId: string, itemId: string, limit: number = PlanLimits.evaluationHistoryDefault) {
    const capped = Math.min(Math.max(1, Math.trunc(limit)), PlanLimits.evaluationHistoryMax);
    return latestEvaluations(this.em, childId, itemId, capped);
  }

  /**
   * Therapists delete their own evaluations; owners and coordinators any of the child's. The mastery rule runs again
   * on the item: a NO removed may leave its session qualifying.
   */
  async delete(grant: ChildAccessGrant, evaluationId: string): Promise<void> {
    const em = this.em;
    const evaluation = await this.alterable(em, grant, evaluationId, PlanMessages.notYourEvaluation);
    const trial = {
      result: evaluation.result,
      captured_at: toIso(evaluation.capturedAt),
      item_id: evaluation.itemId,
    };
    await withAudit(
      em,
      async () => (await em.nativeDelete(ItemEvaluation, { id: evaluation.id })) || undefined,
      () => [this.trialChange(grant, evaluation.id, 'EVALUATION_DELETED', { before: trial })],
    );
    await this.mastery.afterTrial(em, grant.childId, evaluation.itemId);
  }

  /**
   * Corrects the evaluation's result in place (the redo): its date, author and plan stay, so the trial keeps its
   * place in the history and counts once. Who may: as for a delete.
   */
  async setResult(
    grant: ChildAccessGrant,
    evaluationId: string,
    result: EvaluationResult,
  ): Promise<EvaluationResponse> {
    const em = this.em;
    const evaluation = await this.alterable(em, grant, evaluationId, PlanMessages.notYourEvaluationToChange);
    const update = () =>
      withAudit(
        em,
        () => updateEvaluationResult(em, grant.childId, evaluation.id, result),
        () => [
          this.trialChange(grant, evaluation.id, 'EVALUATION_CORRECTED', {
            before: { result: evaluation.result, item_id: evaluation.itemId },
            after: { result, item_id: evaluation.itemId },
          }),
        ],
      );
    const corrected = await writeToChild(em, grant.childId, update, () => new EvaluationNotFound());
    return {
      evaluation: corrected,
      mastery: await this.mastery.afterTrial(em, grant.childId, evaluation.itemId),
    };
  }

  private trialChange(
    grant: ChildAccessGrant,
    evaluationId: string,
    kind: 'EVALUATION_DELETED' | 'EVALUATION_CORRECTED',
    values: Pick<AuditChange, 'before' | 'after'>,
  ): AuditChange {
    return { childId: grant.childId, actorId: grant.userId, kind, entityId: evaluationId, ...values };
  }

  /** The child's evaluation `evaluationId` if the caller may delete or correct it; 404 or 403 (`refusal`) if not. */
  private async alterable(em: EntityManager, grant: ChildAccessGrant, evaluationId: string, refusal: string) {
    if (!isUuid(evaluationId)) throw new EvaluationNotFound();
    const evaluation = await em.findOne(ItemEvaluation, { id: evaluationId, childId: grant.childId });
    if (!evaluation) throw new EvaluationNotFound();
    if (!mayAlterEvaluation(grant, evaluation.userId)) throw new Forbidden(refusal);
    return evaluation;
  }

  /** The child's evaluations, oldest first, optionally between two calendar days (UTC, inclusive). */
  async forChild(childId: string, from?: string, to?: string): Promise<ChildEvaluationPoint[]> {
    if (from && to && from > to) throw new ValidationFailed(PlanMessages.dateRangeInvalid);
    return evaluationPointsOfChild(this.em, childId, from, to);
  }

  /** The child of an evaluation, for `/api/item-evaluation/{id}/…`; 404 otherwise. */
  async childOf(evaluationId: string): Promise<string> {
    if (!isUuid(evaluationId)) throw new EvaluationNotFound();
    const evaluation = await this.em.findOne(ItemEvaluation, evaluationId, { fields: ['childId'] });
    if (!evaluation) throw new EvaluationNotFound();
    return evaluation.childId;
  }
}
