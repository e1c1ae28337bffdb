import type { LateData, MasteryCriterion, PhaseChange } from '@aba/contracts/api';
import { ruleFor } from './criterion.js';
import type { ScoredPoint } from './model.js';
import { streakMeets, streakOf } from './streak.js';

/**
 * "Decided before late data": the last change made by the rule (AUTO) or confirmed (CONFIRMED), checked again with
 * every trial now known that was captured before it. When the phase it ended would not have met its rule (streak or
 * people), the change is reported so the screen can offer to revert it; else null.
 */
export function lateDataOf(
  phases: PhaseChange[],
  points: ScoredPoint[],
  criterion: MasteryCriterion,
): LateData | null {
  for (let index = phases.length - 1; index >= 1; index--) {
    const change = phases[index];
    if (change.mode !== 'AUTO' && change.mode !== 'CONFIRMED') continue;
    const previous = phases[index - 1];
    const rule = ruleFor(previous.status, criterion);
    if (!rule) return null;
    const met = streakMeets(streakOf(points.filter((point) => point.phase === index - 1)), rule);
    return met ? null : { at: change.from, from: previous.status, to: change.status };
  }
  return null;
}
