import type { MasteryDecision, Progress, StepRule } from '@aba/contracts/api';
import { nextStatus, ruleFor } from './criterion.js';
import { explanationCode, type CurrentPhase } from './explanation.js';
import { explanationText } from './explanation-text.js';
import { wording } from './format.js';
import { lateDataOf } from './late-data.js';
import { toInstant } from './local-day.js';
import type { ProgressInput, ScoredPoint } from './model.js';
import { scoredPoints, scoringRule } from './points.js';
import { beforeReset, streakEffect, streakMeets, streakOf, type Streak } from './streak.js';
import { trendOf } from './trend.js';

const NO_STREAK: Streak = { points: [], people: new Map() };

/** The decision the current phase's streak supports, if any (never while a suggestion waits, never from FINISHED). */
function decisionOf(phase: CurrentPhase): MasteryDecision | null {
  const { rule, streak } = phase;
  const to = nextStatus(phase.change.status);
  if (!rule || !to || phase.pending || !streakMeets(streak, rule)) return null;
  const last = streak.points[streak.points.length - 1];
  return {
    from: phase.change.status,
    to,
    mode: rule.mode,
    session_ids: streak.points.map(({ point }) => point.session_id),
    through: last.lastTrialAt,
  };
}

/** The current phase of the item: its change, rule, points (of `scored`) and streak. */
function currentPhaseOf(input: Omit<ProgressInput, 'language'>, scored: ScoredPoint[]): CurrentPhase {
  const index = input.phases.length - 1;
  const change = input.phases[index];
  const rule = ruleFor(change.status, input.criterion);
  const resetAtMs = input.streak_reset_at ? toInstant(input.streak_reset_at).getTime() : null;
  const points = scored.filter((point) => point.phase === index);
  return {
    change,
    first: index === 0,
    rule,
    scoring: scoringRule(change.status, input.criterion),
    points,
    resetAtMs,
    streak: rule ? streakOf(points, resetAtMs) : NO_STREAK,
    pending: input.pending_suggestion === true,
  };
}

/**
 * The decision alone, as `progressOf` gives it, without the sentences, the trend and the late-data check: what the
 * server runs after every trial.
 */
export function masteryDecisionOf(input: Omit<ProgressInput, 'language'>): MasteryDecision | null {
  return decisionOf(currentPhaseOf(input, scoredPoints(input)));
}

/**
 * The decision from the current phase's latest sessions only: `input.tallies` are its last ones in the module's order
 * (first capture to the millisecond, then session id), every one of them when `complete`. Answers it when they settle
 * it, or `undefined` when the streak may reach back past them (the whole phase is needed then). They settle it when
 * complete, or when one of them breaks the streak or lies before its reset: nothing before that one can count.
 */
export function decisionOfLatest(
  input: Omit<ProgressInput, 'language'>,
  complete: boolean,
): MasteryDecision | null | undefined {
  const phase = currentPhaseOf(input, scoredPoints(input));
  const settled =
    complete ||
    phase.points.some(
      (point) => streakEffect(point.point.reason) === 'BREAKS' || beforeReset(point, phase.resetAtMs),
    );
  return settled ? decisionOf(phase) : undefined;
}

/**
 * The current phase's rule and streak as `progressOf` counts them, without its sentences: what a scoring screen shows
 * ("streak 2/3") after every tap.
 */
export function currentStreakOf(input: Omit<ProgressInput, 'language'>): {
  rule: StepRule | null;
  streak: number;
  needed: number;
} {
  const phase = currentPhaseOf(input, scoredPoints(input));
  return {
    rule: phase.rule,
    streak: phase.streak.points.length,
    needed: phase.rule?.consecutive_sessions ?? 0,
  };
}

/**
 * An item's mastery progress: one point per (session, phase), the current phase's streak and its explanation, the
 * decision it supports, the trend, and whether the last automatic change was made before data that contradicts it.
 * Pure: the same input gives the same output on the server and in the browser.
 */
export function progressOf(input: ProgressInput): Progress {
  const scored = scoredPoints(input);
  const phase = currentPhaseOf(input, scored);
  const w = wording(input.language, input.time_zone);
  const code = explanationCode(phase);
  return {
    points: scored.map(({ point }) => point),
    phases: input.phases,
    current: { status: phase.change.status, rule: phase.rule },
    explanation: {
      code,
      streak: phase.streak.points.length,
      needed: phase.rule?.consecutive_sessions ?? 0,
      people: phase.streak.people.size,
      people_needed: phase.rule?.min_people ?? 0,
      text: explanationText(code, phase, w),
    },
    decision: decisionOf(phase),
    trend: trendOf(phase, w),
    late_data: lateDataOf(input.phases, scored, input.criterion),
  };
}
