import type { DataRole, ItemStatus, MasteryCriterion } from '@aba/contracts/api';
import { ruleFor } from './criterion.js';
import { toInstant } from './local-day.js';
import type { SessionTally, TrialInput } from './model.js';
import { absorb, score, tallyOf } from './points.js';
import { streakEffect } from './streak.js';

/** What `trialMayDecide` reads: the trial, and its session's count in the item's current phase before it. */
export interface TrialInSession {
  /** The item's status: its current phase's. */
  status: ItemStatus;
  /** When the current phase began; null for the first phase, which holds every trial captured before a change. */
  phase_from: string | null;
  criterion: MasteryCriterion;
  /** The role the trial's session records data as. */
  role: DataRole;
  /** The session's tally in the current phase before the trial; null when the trial is its first there. */
  before: SessionTally | null;
  trial: TrialInput;
}

/**
 * Whether the rule can decide differently after this trial than before it. The rule reads the current phase's
 * sessions in the order of their first trials, each counting toward the streak, skipped or breaking it
 * (`streakEffect`): a trial that leaves its session's effect and place as they were leaves the decision as it was, and
 * that decision was made after the trial before. So: no for a trial captured in an earlier phase, in a FINISHED phase
 * or in a session whose role is not counted; yes when the session's effect changes (it reaches the minimum of trials,
 * crosses the threshold, gets another first trial) or the trial becomes its session's first.
 */
export function trialMayDecide({
  status,
  phase_from,
  criterion,
  role,
  before,
  trial,
}: TrialInSession): boolean {
  const rule = ruleFor(status, criterion);
  if (!rule || !criterion.counted_roles.includes(role)) return false;
  const capturedMs = toInstant(trial.captured_at).getTime();
  if (phase_from !== null && capturedMs < toInstant(phase_from).getTime()) return false;
  if (!before) return streakEffect(score(tallyOf(trial), rule, true).reason) !== 'SKIPS';
  if (capturedMs < toInstant(before.first_at).getTime()) return true;
  return (
    streakEffect(score(before, rule, true).reason) !==
    streakEffect(score(absorb(before, trial), rule, true).reason)
  );
}
