import type { ExplanationCode, PhaseChange, StepRule } from '@aba/contracts/api';
import type { ScoredPoint } from './model.js';
import { beforeReset, streakMeets, type Streak } from './streak.js';

/** The current phase as the explanation reads it. */
export interface CurrentPhase {
  change: PhaseChange;
  /** True for phases[0], the item's creation. */
  first: boolean;
  /** The rule that moves the item on from this phase; null for FINISHED. */
  rule: StepRule | null;
  /** The rule this phase's points are scored by (for FINISHED, `to_finished`). */
  scoring: StepRule;
  /** This phase's points, in order. */
  points: ScoredPoint[];
  resetAtMs: number | null;
  streak: Streak;
  pending: boolean;
}

/** The points of the phase that count: entered by a counted role, and not before a rejected suggestion. */
export const countedPoints = (phase: CurrentPhase): ScoredPoint[] =>
  phase.points.filter(
    (point) => point.point.reason !== 'ROLE_NOT_COUNTED' && !beforeReset(point, phase.resetAtMs),
  );

/**
 * What the explanation says, first match wins: a waiting suggestion; for FINISHED, how it was reached; the criterion
 * met; long enough but too few people; nothing counted yet (OVERRIDDEN when the phase was set by hand); the last
 * counted session's failure; else the streak is building.
 */
export function explanationCode(phase: CurrentPhase): ExplanationCode {
  if (phase.pending) return 'PENDING_CONFIRMATION';
  if (!phase.rule) return phase.change.mode === 'MANUAL' ? 'OVERRIDDEN' : 'MET';
  if (streakMeets(phase.streak, phase.rule)) return 'MET';
  if (phase.streak.points.length >= phase.rule.consecutive_sessions) return 'NEEDS_OTHER_PERSON';
  const counted = countedPoints(phase);
  if (counted.length === 0) return phase.change.mode === 'MANUAL' && !phase.first ? 'OVERRIDDEN' : 'NO_DATA';
  const last = counted[counted.length - 1].point.reason;
  return last === 'BELOW_THRESHOLD' || last === 'FIRST_TRIAL_NO' || last === 'TOO_FEW_TRIALS'
    ? last
    : 'STREAK_BUILDING';
}
