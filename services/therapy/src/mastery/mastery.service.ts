import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import {
  MasteryCallMessages,
  PlanMessages,
  type CriterionSource,
  type ItemStatus,
  type MasterySuggestion,
  type PlanItem,
  type RejectionReason,
  type StatusChangeReason,
  type MasteryCriterion,
  type MasteryCriterionRequest,
  type MasteryDecision,
  type MasteryLiveResponse,
  type MasteryOutcome,
  type ItemProgressResponse,
  type PhaseChange,
  type Progress,
} from '@aba/contracts/api';
import {
  decisionOfLatest,
  masteryDecisionOf,
  progressOf,
  resolveCriterion,
  ruleFor,
  trialMayDecide,
  type CriterionLevels,
  type Language,
  type TrialInput,
} from '@aba/mastery';
import { Conflict, isUuid, NotFound, toIso } from '@aba/server-kit';
import { recordAudit, withAudit } from '../audit-trail/audit-trail.js';
import type { ChildAccessGrant } from '../child-access/child-access.types.js';
import { writeToChild } from '../children/child-writes.js';
import { MASTERY_SETTINGS, type MasterySettings } from '../config.js';
import { ItemNotFound } from '../items/items.errors.js';
import { updateItemStatus } from '../items/items.queries.js';
import { planStore } from '../plans/plans.queries.js';
import { roleOfRelation } from '../sessions/session-capture.js';
import { subPlanStore } from '../sub-plans/sub-plans.queries.js';
import { KeptViews, type BuiltView } from '../views/kept-views.js';
import {
  applyAutomaticChange,
  applyConfirmedChange,
  criteriaOfItem,
  childOfSuggestion,
  decideSuggestion,
  pendingSuggestions,
  recordManualChange,
  criterionAt,
  type CriterionLevel,
  insertSuggestion,
  latestFactsBelow,
  latestMasteryFacts,
  type LatestFacts,
  liveFactsOfPlan,
  masteryFacts,
  masteryFactsUnlessKept,
  type MasteryFacts,
  removeCriterionAt,
  setCriterionAt,
  type TrialGateRow,
} from './mastery.queries.js';

/** A level's criterion as its calls answer it: the one in effect there, where it comes from, and whether it is its own. */
export interface CriterionAnswer {
  criterion: MasteryCriterion & { source: CriterionSource };
  own: boolean;
}

/**
 * The item's phases as the rule reads them: IN_LEARNING from its creation, then every recorded change. Trials captured
 * before the item existed (a device's clock, data kept offline) start the first phase, so the phases stay in order.
 */
function phasesOf(facts: MasteryFacts): PhaseChange[] {
  const starts = [facts.createdAt, facts.changes[0]?.from, facts.tallies[0]?.first_at].filter(
    (instant): instant is string => instant !== undefined,
  );
  const from = starts.reduce((earliest, instant) =>
    Date.parse(instant) < Date.parse(earliest) ? instant : earliest,
  );
  return [{ status: 'IN_LEARNING', from, mode: 'MANUAL', actor: null, reason: null }, ...facts.changes];
}

/** Whether the rule may decide otherwise after `trial` than before it, read from what its insert saw (`gate`). */
function mayDecide(gate: TrialGateRow, trial: TrialInput): boolean {
  return trialMayDecide({
    status: gate.status,
    phase_from: gate.phaseFrom,
    criterion: resolveCriterion(gate).criterion,
    role: gate.role,
    before: gate.before && { ...gate.before, session_id: trial.session_id },
    trial,
  });
}

/** What the mastery rule reads of the facts, and the criterion in effect and where it comes from. */
function ruleInputOf(facts: MasteryFacts) {
  const { criterion, source } = resolveCriterion(facts);
  return {
    phases: phasesOf(facts),
    tallies: facts.tallies,
    sessions: facts.sessions,
    criterion,
    source,
    time_zone: facts.timeZone,
    pending_suggestion: facts.pendingSuggestion,
    streak_reset_at: facts.streakResetAt,
  };
}

/** Items' progress answers a replica keeps (the least recently read goes first): two years of daily sessions ≈ 220 KB. */
const KEPT_PROGRESS_VIEWS = 64;

/** An item's progress from its facts, as the progress call answers it (the reports read the same). */
export function progressOfFacts(facts: MasteryFacts, language: Language) {
  const input = ruleInputOf(facts);
  return { progress: progressOf({ ...input, language }), criterion: input.criterion, source: input.source };
}

/** The progress call's answer from the item's facts. */
function progressAnswer(facts: MasteryFacts, language: Language): ItemProgressResponse {
  const { progress, criterion, source } = progressOfFacts(facts, language);
  return {
    item: {
      id: facts.itemId,
      description: facts.description,
      status: facts.status,
      sub_plan_id: facts.subPlanId,
    },
    criterion: { ...criterion, source },
    points: progress.points,
    phases: progress.phases,
    trend: progress.trend,
    explanation: progress.explanation,
    late_data: progress.late_data,
    pending_suggestion: facts.pendingSuggestion,
  };
}

/** What a decision was made on, kept with the change or the suggestion (the status history shows it). */
function evidenceOf(progress: Progress, decision: MasteryDecision, criterion: MasteryCriterion) {
  const used = new Set(decision.session_ids);
  return {
    rule: ruleFor(decision.from, criterion),
    sessions: progress.points
      .filter((point) => used.has(point.session_id) && point.phase === decision.from)
      .map(({ session_id, date, person, yes, trials, pct }) => ({
        session_id,
        date,
        person,
        yes,
        trials,
        pct,
      })),
    text: progress.explanation.text,
  };
}

/**
 * Mastery criteria and their decisions (issue 15): after each trial the rule runs on every trial of the item in
 * capture order; an AUTO rule moves the item on, a CONFIRM rule proposes it. The progress call explains it all.
 */
@Injectable()
export class MasteryService {
  /** Items' progress answers, by child, item and language (`progress`). */
  private readonly keptProgress = new KeptViews(KEPT_PROGRESS_VIEWS);

  constructor(
    @Inject(EntityManager) private readonly em: EntityManager,
    @Inject(MASTERY_SETTINGS) private readonly settings: MasterySettings,
  ) {}

  /** Whether the rule runs after trials (`MASTERY_DECISIONS`): a trial's write then reads what its gate needs too. */
  get decides(): boolean {
    return this.settings.decisions;
  }

  /**
   * Runs the rule once a trial of the item is committed, or one is corrected or deleted (on `em`, the capture's own
   * manager). A new trial (`written`, with what its insert read for the gate) is let through only if the rule may make
   * a decision after it that it did not make before (`trialMayDecide`): most trials do not make their session count. Then the current phase's latest
   * sessions are read (one statement), which mostly settle the decision (`decisionOfLatest`); the whole phase is read
   * when they do not, or when the rule decides (its evidence), and one statement more applies the decision. Answers
   * what it did (the item moved on, or the move was proposed); nothing with `MASTERY_DECISIONS=off`.
   */
  async afterTrial(
    em: EntityManager,
    childId: string,
    itemId: string,
    written?: { trial: TrialInput; gate: TrialGateRow | undefined },
  ): Promise<MasteryOutcome> {
    if (!this.settings.decisions) return null;
    if (written?.gate && !mayDecide(written.gate, written.trial)) return null;
    const latest = await latestMasteryFacts(em, childId, itemId);
    return latest ? this.decideFromLatest(em, childId, latest) : null;
  }

  /**
   * The rule on an item's latest sessions (`decisionOfLatest`): nothing more when they settle that it decides nothing,
   * else on the whole phase (read unless they are all of it), applied or proposed.
   */
  private async decideFromLatest(
    em: EntityManager,
    childId: string,
    latest: LatestFacts,
  ): Promise<MasteryOutcome> {
    const { facts, complete } = latest;
    if (decisionOfLatest(ruleInputOf(facts), complete) === null) return null;
    const whole = complete
      ? facts
      : await masteryFacts(em, childId, facts.itemId, { currentPhaseOnly: true });
    return this.decideOn(em, childId, facts.itemId, whole);
  }

  /** Applies (AUTO) or proposes (CONFIRM) what the rule decides on the item's current-phase `facts`, if anything. */
  private async decideOn(
    em: EntityManager,
    childId: string,
    itemId: string,
    facts: MasteryFacts | undefined,
  ): Promise<MasteryOutcome> {
    if (!facts || !masteryDecisionOf(ruleInputOf(facts))) return null;
    const { progress, criterion } = progressOfFacts(facts, 'en');
    const decision = progress.decision;
    if (!decision) return null;
    const evidence = evidenceOf(progress, decision, criterion);
    const outcome = { from: decision.from, to: decision.to, mode: decision.mode };
    if (decision.mode === 'CONFIRM') {
      await insertSuggestion(em, childId, itemId, decision, evidence);
      return outcome;
    }
    const moved = await withAudit(
      em,
      async () => (await applyAutomaticChange(em, itemId, decision, evidence)) || undefined,
      () => [
        {
          childId,
          actorId: null,
          kind: 'ITEM_STATUS_CHANGED',
          entityId: itemId,
          before: { status: decision.from },
          after: { status: decision.to, mode: 'AUTO' },
        },
      ],
    );
    return moved ? outcome : null;
  }

  /**
   * `GET /api/sub-plan-item/{id}/progress`: the item, its criterion and where it comes from, and its progress, as JSON
   * text. Kept per replica with the child's view version (`KeptViews`, ADR 0063): one statement reads the version and,
   * only when it is not the kept answer's, the item's facts; reading two years of daily sessions again and serialising
   * them was most of a call's cost, and the page is read far more often than the item's data is written.
   */
  async progress(childId: string, itemId: string, language: Language): Promise<BuiltView> {
    if (!isUuid(itemId)) throw new ItemNotFound();
    const key = `${childId}/${itemId}/${language}`;
    const { version, facts } = await masteryFactsUnlessKept(
      this.em,
      childId,
      itemId,
      this.keptProgress.versionOf(key),
    );
    return this.keptProgress.get(key, version, async () => {
      // 'kept': the answer kept at that version went meanwhile (another version's build replaced it), so read again
      const read = facts === 'kept' ? await masteryFacts(this.em, childId, itemId) : facts;
      if (!read) throw new ItemNotFound();
      return JSON.stringify(progressAnswer(read, language));
    });
  }

  /**
   * `GET /api/child/{id}/plan/{planId}/mastery-live`: what the plan's scoring screens count while trials are scored,
   * for the caller (their running session). 404 for a plan that is not the child's.
   */
  async live(grant: ChildAccessGrant, planId: string): Promise<MasteryLiveResponse> {
    await planStore.get(this.em, grant.childId, planId);
    const facts = await liveFactsOfPlan(
      this.em,
      { childId: grant.childId, userId: grant.userId, fallbackRole: roleOfRelation(grant.relation) },
      planId,
    );
    if (!facts) throw new NotFound(PlanMessages.planNotFound);
    return {
      session: { id: facts.sessionId, user_id: grant.userId, person: facts.person, role: facts.role },
      time_zone: facts.timeZone,
      items: facts.items.map((item) => {
        const { phases, tallies, sessions, criterion, pending_suggestion, streak_reset_at } =
          ruleInputOf(item);
        return {
          item_id: item.itemId,
          criterion,
          phases,
          tallies,
          sessions,
          pending_suggestion,
          streak_reset_at,
        };
      }),
    };
  }

  /**
   * The criterion in effect at a level (the child's default, a sub-plan's, an item's), where it comes from and whether
   * the level sets its own; 404 for a sub-plan or item that is not the child's.
   */
  async criterion(level: CriterionLevel): Promise<CriterionAnswer> {
    return this.answer(level, await this.levelsAbove(level));
  }

  private answer(level: CriterionLevel, levels: CriterionLevels): CriterionAnswer {
    const own: CriterionSource = level.itemId ? 'ITEM' : level.subPlanId ? 'SUB_PLAN' : 'CHILD';
    const { criterion, source } = resolveCriterion(levels);
    return { criterion: { ...criterion, source }, own: source === own };
  }

  /**
   * The spec's set-status, by hand: the item takes `status` and, when it changes, the change is recorded with its
   * author and reason (a waiting suggestion for the item is closed). 404 for an item that is not the child's.
   */
  async setStatusByHand(
    grant: ChildAccessGrant,
    itemId: string,
    status: ItemStatus,
    reason: StatusChangeReason | null,
  ): Promise<PlanItem> {
    if (!isUuid(itemId)) throw new ItemNotFound();
    const { childId, userId } = grant;
    const update = () =>
      this.em.transactional(async (tx) => {
        const updated = await updateItemStatus(tx, childId, itemId, status);
        if (updated && updated.priorStatus !== status) {
          await recordManualChange(tx, {
            itemId,
            from: updated.priorStatus,
            to: status,
            actorId: userId,
            reason,
          });
          await recordAudit(tx, {
            childId,
            actorId: userId,
            kind: 'ITEM_STATUS_CHANGED',
            entityId: itemId,
            before: { status: updated.priorStatus },
            after: { status, mode: 'MANUAL', reason },
          });
        }
        return updated?.item;
      });
    return writeToChild(this.em, childId, update, () => new ItemNotFound());
  }

  /** The child's suggestions waiting for the owner or a coordinator, oldest first. */
  async suggestions(childId: string): Promise<MasterySuggestion[]> {
    const rows = await pendingSuggestions(this.em, childId);
    return rows.map((row) => ({
      id: row.id,
      item_id: row.itemId,
      item_description: row.itemDescription,
      from: row.fromStatus,
      to: row.toStatus,
      created_at: toIso(row.createdAt),
      evidence: row.evidence,
    }));
  }

  /** Accepts a pending suggestion: the item moves on, confirmed by the caller. 409 when the item moved meanwhile. */
  async accept(grant: ChildAccessGrant, suggestionId: string): Promise<void> {
    await this.em.transactional(async (tx) => {
      const suggestion = await this.decide(tx, grant, suggestionId, 'ACCEPTED', null);
      if (!(await applyConfirmedChange(tx, suggestion, grant.userId))) {
        throw new Conflict(MasteryCallMessages.suggestionOutdated);
      }
      await recordAudit(tx, {
        childId: grant.childId,
        actorId: grant.userId,
        kind: 'ITEM_STATUS_CHANGED',
        entityId: suggestion.itemId,
        before: { status: suggestion.fromStatus },
        after: { status: suggestion.toStatus, mode: 'CONFIRM' },
      });
    });
  }

  /** Rejects a pending suggestion with a reason: the item stays, and its streak counts again from now. */
  async reject(grant: ChildAccessGrant, suggestionId: string, reason: RejectionReason): Promise<void> {
    await this.em.transactional(async (tx) => {
      const suggestion = await this.decide(tx, grant, suggestionId, 'REJECTED', reason);
      await recordAudit(tx, {
        childId: grant.childId,
        actorId: grant.userId,
        kind: 'SUGGESTION_REJECTED',
        entityId: suggestion.itemId,
        after: { status: suggestion.toStatus, reason },
      });
    });
  }

  /** The child of a suggestion, for `/api/mastery-suggestion/{id}/…`; 404 otherwise. */
  async childOfSuggestion(suggestionId: string): Promise<string> {
    const childId = isUuid(suggestionId) ? await childOfSuggestion(this.em, suggestionId) : undefined;
    if (!childId) throw new NotFound(MasteryCallMessages.suggestionNotFound);
    return childId;
  }

  private async decide(
    em: EntityManager,
    grant: ChildAccessGrant,
    suggestionId: string,
    state: 'ACCEPTED' | 'REJECTED',
    reason: string | null,
  ) {
    const decided = await decideSuggestion(em, {
      childId: grant.childId,
      suggestionId,
      state,
      by: grant.userId,
      reason,
    });
    if (!decided) throw new NotFound(MasteryCallMessages.suggestionNotFound);
    return decided;
  }

  /**
   * Sets a level's criterion, or with `{ inherit: true }` removes it; answers the criterion now in effect there. The
   * rule then runs on every item below the level not FINISHED: one the new criterion says is met moves on (or is
   * proposed) now, not at its next trial (a trial that leaves its session counting as it did is not decided on).
   */
  async setCriterion(level: CriterionLevel, request: MasteryCriterionRequest, userId: string) {
    const levels = await this.levelsAbove(level);
    const set = 'inherit' in request ? null : request;
    const ownKey = level.itemId ? 'item' : level.subPlanId ? 'sub_plan' : 'child';
    const previous = levels[ownKey] ?? null;
    await this.em.transactional(async (tx) => {
      if (set) await setCriterionAt(tx, level, set, userId);
      else await removeCriterionAt(tx, level);
      if (set || previous) {
        await recordAudit(tx, {
          childId: level.childId,
          actorId: userId,
          kind: set ? 'CRITERION_SET' : 'CRITERION_REMOVED',
          entityId: level.itemId ?? level.subPlanId ?? null,
          before: previous && { criterion: previous },
          after: set && { criterion: set },
        });
      }
    });
    if (this.settings.decisions) {
      for (const latest of await latestFactsBelow(this.em, level))
        await this.decideFromLatest(this.em, level.childId, latest);
    }
    return this.answer(level, { ...levels, [ownKey]: set });
  }

  /** The criteria set at the level and the levels it inherits from. */
  private async levelsAbove(level: CriterionLevel): Promise<CriterionLevels> {
    const { childId, subPlanId, itemId } = level;
    if (itemId) {
      if (!isUuid(itemId)) throw new ItemNotFound();
      const levels = await criteriaOfItem(this.em, childId, itemId);
      if (!levels) throw new ItemNotFound();
      return levels;
    }
    if (subPlanId) {
      await subPlanStore.get(this.em, childId, subPlanId);
      return { sub_plan: await criterionAt(this.em, level), child: await criterionAt(this.em, { childId }) };
    }
    return { child: await criterionAt(this.em, level) };
  }
}
