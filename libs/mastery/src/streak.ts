import type { PointReason, StepRule } from '@aba/contracts/api';
import type { ScoredPoint } from './model.js';

/** What a session's point does to the streak: not counted nor breaking it, one more qualifying session, or a reset. */
export type StreakEffect = 'SKIPS' | 'ADDS' | 'BREAKS';

/**
 * ROLE_NOT_COUNTED and TOO_FEW_TRIALS neither count nor break the streak; MET adds one; BELOW_THRESHOLD and
 * FIRST_TRIAL_NO start it again from 0.
 */
export const streakEffect = (reason: PointReason): StreakEffect =>
  reason === 'ROLE_NOT_COUNTED' || reason === 'TOO_FEW_TRIALS'
    ? 'SKIPS'
    : reason === 'MET'
      ? 'ADDS'
      : 'BREAKS';

/** The qualifying sessions in a row at the end of a phase, and who ran them. */
export interface Streak {
  points: ScoredPoint[];
  /** user id → display name, in the order they first ran a session of the streak. */
  people: Map<string, string>;
}

/** True when a point took place before `resetAtMs` (a rejected suggestion): it never counts toward the streak. */
export const beforeReset = (point: ScoredPoint, resetAtMs: number | null): boolean =>
  resetAtMs !== null && point.firstMs < resetAtMs;

/** Walks one phase's points in order, each with its `streakEffect`; points before `resetAtMs` are skipped. */
export function streakOf(points: ScoredPoint[], resetAtMs: number | null = null): Streak {
  let run: ScoredPoint[] = [];
  for (const point of points) {
    const effect = streakEffect(point.point.reason);
    if (effect === 'SKIPS' || beforeReset(point, resetAtMs)) continue;
    if (effect === 'ADDS') run.push(point);
    else run = [];
  }
  const people = new Map<string, string>();
  for (const { point } of run) if (!people.has(point.user_id)) people.set(point.user_id, point.person);
  return { points: run, people };
}

/** True when the streak is long enough and was run by enough different people. */
export const streakMeets = (streak: Streak, rule: StepRule): boolean =>
  streak.points.length >= rule.consecutive_sessions && streak.people.size >= rule.min_people;
