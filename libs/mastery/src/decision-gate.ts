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
 * Whether the rule can make a decision after this trial that it did not make before it. The rule reads the current
 * phase's sessions in the order of their first trials, each counting toward the streak, skipped or breaking it
 * (`streakEffect`), and decides on the run of counting sessions at the end: a session that does not come to count
 * cannot lengthen that run nor bring it another person, and a trial that leaves its session's place as it was leaves
 * the order as it was. So: no for a trial captured in an earlier phase, in a FINISHED phase or in a session whose role
 * is not counted; yes when the trial makes its session count where it did not (it reaches the minimum of trials
 * meeting the threshold, or climbs back over it) or becomes its session's first. A session that stops counting only
 * shortens the run: what the rule decided before stays decided, and now nothing more is.
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
  const counts = (tally: SessionTally) =>
    streakEffect(score(tally, rule, true).reason) === 'ADDS';
  if (!before) return counts(tallyOf(trial));
  if (capturedMs < toInstant(before.first_at).getTime()) return true;
  return !counts(before) && counts(absorb(before, trial));
}
