import type { ItemStatus, MasteryCriterion, PhaseChange, PointReason, StepRule } from '@aba/contracts/api';
import { ruleFor } from './criterion.js';
import { localDay, toInstant } from './local-day.js';
import type { ProgressInput, ScoredPoint, SessionInput, TrialInput } from './model.js';

/** Code-unit order of ids: the same in every engine and locale. */
export const compareIds = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** YES ÷ trials in percent, rounded to 1 decimal. */
export const percent = (yes: number, trials: number): number => Math.round((yes * 1000) / trials) / 10;

/**
 * The rule a point of a phase is scored by: the rule that moves the item on from that status, and for FINISHED (which
 * nothing follows) the rule that led to it, so a maintenance session is still shown as meeting it or not.
 */
export function scoringRule(status: ItemStatus, criterion: MasteryCriterion): StepRule {
  return ruleFor(status, criterion) ?? criterion.to_finished;
}

/** The phase (index in `starts`, epoch ms, oldest first) in effect at `ms`; before the first, the first. */
function phaseAt(starts: number[], ms: number): number {
  let phase = 0;
  while (phase + 1 < starts.length && starts[phase + 1] <= ms) phase += 1;
  return phase;
}

interface Group {
  session_id: string;
  phase: number;
  trials: TrialInput[];
  firstMs: number;
}

/** Yes, trials and reason of one session's trials of the item in one phase (oldest first) under `rule`. */
function score(
  trials: TrialInput[],
  rule: StepRule,
  counted: boolean,
): { yes: number; trials: number; reason: PointReason } {
  let result: { yes: number; trials: number; reason: PointReason };
  if (rule.scoring === 'FIRST_TRIAL') {
    const yes = trials[0].result === 'YES' ? 1 : 0;
    result = { yes, trials: 1, reason: yes ? 'MET' : 'FIRST_TRIAL_NO' };
  } else {
    const yes = trials.filter((trial) => trial.result === 'YES').length;
    // Exact comparison (yes/trials ≥ threshold/100), not of the rounded percentage.
    const reason: PointReason =
      trials.length < rule.min_trials
        ? 'TOO_FEW_TRIALS'
        : yes * 100 >= rule.threshold_pct * trials.length
          ? 'MET'
          : 'BELOW_THRESHOLD';
    result = { yes, trials: trials.length, reason };
  }
  return counted ? result : { ...result, reason: 'ROLE_NOT_COUNTED' };
}

function sessionOf(sessions: Map<string, SessionInput>, id: string): SessionInput {
  const session = sessions.get(id);
  if (!session)
    throw new RangeError(`A trial belongs to session ${id}, which is not among the sessions given`);
  return session;
}

/**
 * One point per (session, phase) that has trials, ordered by the capture time of its first trial (ties by session
 * id). Each trial belongs to the phase in effect when it was captured.
 */
export function scoredPoints(
  input: Pick<ProgressInput, 'phases' | 'trials' | 'sessions' | 'criterion' | 'time_zone'>,
): ScoredPoint[] {
  const phases: PhaseChange[] = input.phases;
  if (phases.length === 0)
    throw new RangeError('An item has at least one phase: IN_LEARNING from its creation');
  const starts = phases.map((phase) => toInstant(phase.from).getTime());
  const sessions = new Map(input.sessions.map((session) => [session.id, session]));
  const ordered = input.trials
    .map((trial) => ({ trial, ms: toInstant(trial.captured_at).getTime() }))
    .sort((a, b) => a.ms - b.ms || compareIds(a.trial.id, b.trial.id));

  const groups = new Map<string, Group>();
  for (const { trial, ms } of ordered) {
    const phase = phaseAt(starts, ms);
    const key = `${phase} ${trial.session_id}`;
    const group = groups.get(key);
    if (group) group.trials.push(trial);
    else groups.set(key, { session_id: trial.session_id, phase, trials: [trial], firstMs: ms });
  }

  return [...groups.values()]
    .sort((a, b) => a.firstMs - b.firstMs || compareIds(a.session_id, b.session_id))
    .map((group) => {
      const session = sessionOf(sessions, group.session_id);
      const status = phases[group.phase].status;
      const rule = scoringRule(status, input.criterion);
      const scored = score(group.trials, rule, input.criterion.counted_roles.includes(session.role));
      const first = group.trials[0];
      return {
        point: {
          session_id: group.session_id,
          date: localDay(first.captured_at, input.time_zone),
          started_at: first.captured_at,
          user_id: session.user_id,
          person: session.person,
          role: session.role,
          phase: status,
          yes: scored.yes,
          trials: scored.trials,
          pct: percent(scored.yes, scored.trials),
          qualifying: scored.reason === 'MET',
          reason: scored.reason,
        },
        phase: group.phase,
        firstMs: group.firstMs,
        lastTrialAt: group.trials[group.trials.length - 1].captured_at,
      };
    });
}
