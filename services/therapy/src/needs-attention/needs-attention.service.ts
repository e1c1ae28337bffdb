import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import {
  attachesToItem,
  mayOnChild,
  NeedsAttentionMessages,
  SessionMessages,
  type AttachCaptureRequest,
  type HandOverCaptureRequest,
  type NeedsAttentionEntry,
  type NeedsAttentionListResponse,
} from '@aba/contracts/api';
import { Conflict, Forbidden, NotFound, isUuid } from '@aba/server-kit';
import { AbcService } from '../behaviors/abc/abc.service.js';
import { BehaviorsService } from '../behaviors/behaviors.service.js';
import { recordAudit } from '../audit-trail/audit-trail.js';
import type { ChildAccessGrant } from '../child-access/child-access.types.js';
import { writeToChild } from '../children/child-writes.js';
import { EvaluationsService } from '../evaluations/evaluations.service.js';
import type { ListLanguage } from '../language.js';
import { licensedCapture } from '../sessions/session-capture.js';
import {
  attachTargets,
  entriesOfChild,
  insertEntry,
  lockedEntry,
  resolveEntry,
  targetLabel,
  type EntryDecision,
  type StoredEntry,
} from './needs-attention.queries.js';

/** What a capture of this kind is for: a goal (an item) or a behaviour. */
const targetKind = ({ kind }: { kind: NeedsAttentionEntry['kind'] }) =>
  attachesToItem(kind) ? 'item' : 'behavior';

/** The list's view of an entry: what a decision needs beside it stays on the server. */
const shown = ({
  session_id: _session,
  author_relation: _relation,
  ...entry
}: StoredEntry): NeedsAttentionEntry => entry;

/**
 * Captures handed over by a phone because their goal or behaviour was deleted meanwhile (issue 16, ADR 0044): kept,
 * listed for the child's team, attached by the owner or a coordinator to another goal or behaviour (recorded then as
 * its author captured it: same author, capture time and session) or discarded with a reason.
 */
@Injectable()
export class NeedsAttentionService {
  constructor(
    @Inject(EntityManager) private readonly em: EntityManager,
    @Inject(EvaluationsService) private readonly evaluations: EvaluationsService,
    @Inject(BehaviorsService) private readonly behaviors: BehaviorsService,
    @Inject(AbcService) private readonly abc: AbcService,
  ) {}

  /**
   * Keeps the caller's capture, refused because what it was for is gone (409 when it is still there: the phone sends
   * it as it is), because the child was deleted (kept for its restore; this call alone finds a deleted child) or
   * because the caller left the team after making it (a former member, let in by this call alone: 403 for what they
   * captured after leaving). As every capture, one the child held a licence for when it was made (402 otherwise). A
   * repeat of its id answers the entry as kept (`repeated`); another user's or child's id is 409.
   */
  async handOver(
    grant: ChildAccessGrant,
    request: HandOverCaptureRequest,
  ): Promise<{ answer: NeedsAttentionEntry; repeated: boolean }> {
    const { childId, userId, memberUntil, childDeleted } = grant;
    const { capturedAt } = await licensedCapture(this.em, grant, request);
    if (memberUntil && capturedAt >= memberUntil)
      throw new Forbidden(NeedsAttentionMessages.capturedAfterLeaving);
    if (
      !memberUntil &&
      !childDeleted &&
      (await targetLabel(this.em, childId, targetKind(request.record), request.target_id)) !== undefined
    )
      throw new Conflict(NeedsAttentionMessages.targetStillThere);
    const kept = await writeToChild(this.em, childId, () =>
      insertEntry(this.em, {
        id: request.id,
        childId,
        authorId: userId,
        authorRelation: grant.relation,
        reason: childDeleted ? 'CHILD_DELETED' : memberUntil ? 'ACCESS_ENDED' : 'TARGET_DELETED',
        record: request.record,
        targetId: request.target_id,
        targetLabel: request.target_label?.trim() || null,
        sessionId: request.session_id ?? null,
        capturedAt: capturedAt.toISOString(),
      }),
    );
    if (kept.entry.author_id !== userId || kept.entry.child_id !== childId)
      throw new Conflict(SessionMessages.recordIdTaken);
    return { answer: shown(kept.entry), repeated: !kept.inserted };
  }

  /** The child's entries (the caller's own unless they may edit the child) and, for editors, where they may go. */
  async list(grant: ChildAccessGrant): Promise<NeedsAttentionListResponse> {
    const decides = mayOnChild(grant.relation, 'edit');
    const entries = await entriesOfChild(this.em, grant.childId, decides ? undefined : grant.userId);
    const targets = decides ? await attachTargets(this.em, grant.childId) : { items: [], behaviors: [] };
    return { entries: entries.map(shown), ...targets };
  }

  /**
   * Records the waiting entry on the child's goal or behaviour `target_id` as its author captured it, in one
   * transaction with the decision: 409 once decided, 404 for a target that is not the child's.
   */
  async attach(
    grant: ChildAccessGrant,
    entryId: string,
    { target_id }: AttachCaptureRequest,
    language: ListLanguage,
  ): Promise<NeedsAttentionEntry> {
    return this.decide(grant, entryId, async (entry) => {
      const label = await targetLabel(this.em, grant.childId, targetKind(entry), target_id);
      if (label === undefined) throw new NotFound(NeedsAttentionMessages.attachTargetNotFound);
      const recordId = await this.record(grant, entry, target_id, language);
      return { state: 'ATTACHED' as const, attachedTo: target_id, attachedToLabel: label, recordId };
    });
  }

  /** Discards the waiting entry, saying why: 409 once decided. */
  discard(grant: ChildAccessGrant, entryId: string, reason: string): Promise<NeedsAttentionEntry> {
    return this.decide(grant, entryId, () => Promise.resolve({ state: 'DISCARDED' as const, reason }));
  }

  /**
   * `decision` on the child's waiting entry, in one transaction with what it writes: the entry stays locked, so two
   * decisions on one entry never both write. The access check let only those who may edit the child through.
   */
  private async decide(
    grant: ChildAccessGrant,
    entryId: string,
    decision: (entry: StoredEntry) => Promise<EntryDecision>,
  ): Promise<NeedsAttentionEntry> {
    if (!isUuid(entryId)) throw new NotFound(NeedsAttentionMessages.entryNotFound);
    return this.em.transactional(async (tx) => {
      const entry = await lockedEntry(tx, grant.childId, entryId);
      if (!entry) throw new NotFound(NeedsAttentionMessages.entryNotFound);
      if (entry.state !== 'WAITING') throw new Conflict(NeedsAttentionMessages.alreadyResolved);
      const decided = await decision(entry);
      const resolved = await resolveEntry(tx, entry.id, grant.userId, decided);
      const capture = { capture_kind: entry.record.kind, captured_at: entry.captured_at };
      const target = entry.record.kind === 'evaluation' ? 'item_id' : 'behavior_id';
      await recordAudit(tx, {
        childId: grant.childId,
        actorId: grant.userId,
        entityId: entry.id,
        ...(decided.state === 'ATTACHED'
          ? { kind: 'CAPTURE_ATTACHED', after: { ...capture, [target]: decided.attachedTo } }
          : { kind: 'CAPTURE_DISCARDED', after: { ...capture, reason: decided.reason } }),
      });
      return shown(resolved);
    });
  }

  /**
   * Records the entry's capture on `targetId` as its author made it (the decider's grant, in the author's name and
   * relation then; no gate facts, so a licence is checked at the capture time); the new record's id.
   */
  private async record(
    decider: ChildAccessGrant,
    entry: StoredEntry,
    targetId: string,
    language: ListLanguage,
  ): Promise<string> {
    const author: ChildAccessGrant = {
      ...decider,
      userId: entry.author_id,
      relation: entry.author_relation,
      facts: {},
    };
    const capture = {
      id: randomUUID(),
      captured_at: entry.captured_at,
      ...(entry.session_id ? { session_id: entry.session_id } : {}),
    };
    const { record } = entry;
    if (record.kind === 'evaluation') {
      const { answer } = await this.evaluations.create(author, targetId, record.result, capture);
      return answer.evaluation.id;
    }
    if (record.kind === 'behavior-log') {
      const { answer } = await this.behaviors.log(author, targetId, capture);
      return answer.id;
    }
    const { answer } = await this.abc.log(
      author,
      { behavior_id: targetId, antecedent: record.antecedent, consequence: record.consequence, ...capture },
      language,
    );
    return answer.entry.id;
  }
}
