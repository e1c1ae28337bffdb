import type { LateData, MasteryCriterion, PhaseChange } from '@aba/contracts/api';
import { ruleFor } from './criterion.js';
import type { ScoredPoint } from './model.js';
import { streakMeets, streakOf } from './streak.js';

/**
 * "Decided before late data": the item's latest change, when the rule made it (AUTO) or someone confirmed it
 * (CONFIRMED), checked again with every trial now known that was captured before it. When the phase it ended would not
 * have met its rule (streak or people), the change is reported so the screen can offer to revert it; else null. A
 * change by hand after it (the revert itself, or any other) settles the question: nothing is reported.
 */
export function lateDataOf(
  phases: PhaseChange[],
  points: ScoredPoint[],
  criterion: MasteryCriterion,
): LateData | null {
  const index = phases.length - 1;
  const change = phases[index];
  if (index < 1 || (change.mode !== 'AUTO' && change.mode !== 'CONFIRMED')) return null;
  const previous = phases[index - 1];
  const rule = ruleFor(previous.status, criterion);
  if (!rule) return null;
  const met = streakMeets(streakOf(points.filter((point) => point.phase === index - 1)), rule);
  return met ? null : { at: change.from, from: previous.status, to: change.status };
}
