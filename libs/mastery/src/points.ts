import type { ItemStatus, MasteryCriterion, PhaseChange, PointReason, StepRule } from '@aba/contracts/api';
import { ruleFor } from './criterion.js';
import { localDay, toInstant } from './local-day.js';
import type { ProgressInput, ScoredPoint, SessionInput, SessionTally, TrialInput } from './model.js';

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

const phaseStarts = (phases: PhaseChange[]): number[] =>
  phases.map((phase) => toInstant(phase.from).getTime());

export const tallyOf = (trial: TrialInput): SessionTally => ({
  session_id: trial.session_id,
  first_at: trial.captured_at,
  last_at: trial.captured_at,
  first_result: trial.result,
  yes: trial.result === 'YES' ? 1 : 0,
  trials: 1,
});

/** `tally` with one more trial of its session and phase, captured before, among or after the ones it counts. */
export function absorb(tally: SessionTally, trial: TrialInput): SessionTally {
  const ms = toInstant(trial.captured_at).getTime();
  const first = ms < toInstant(tally.first_at).getTime();
  return {
    session_id: tally.session_id,
    first_at: first ? trial.captured_at : tally.first_at,
    last_at: ms >= toInstant(tally.last_at).getTime() ? trial.captured_at : tally.last_at,
    first_result: first ? trial.result : tally.first_result,
    yes: tally.yes + (trial.result === 'YES' ? 1 : 0),
    trials: tally.trials + 1,
  };
}

/**
 * The trials counted per (session, phase): each trial belongs to the phase in effect when it was captured, and a
 * session's trials on both sides of a change make two tallies.
 */
export function tallyTrials(trials: TrialInput[], phases: PhaseChange[]): SessionTally[] {
  const starts = phaseStarts(phases);
  const ordered = trials
    .map((trial) => ({ trial, ms: toInstant(trial.captured_at).getTime() }))
    .sort((a, b) => a.ms - b.ms || compareIds(a.trial.id, b.trial.id));
  const tallies = new Map<string, SessionTally>();
  for (const { trial, ms } of ordered) {
    const key = `${phaseAt(starts, ms)} ${trial.session_id}`;
    const tally = tallies.get(key);
    tallies.set(key, tally ? absorb(tally, trial) : tallyOf(trial));
  }
  return [...tallies.values()];
}

/**
 * `tallies` with one more trial (a tap the server has not counted yet): it joins its session's tally in the phase in
 * effect at its capture time, or starts one. Counting trials one by one this way gives what `tallyTrials` gives.
 */
export function addTrial(tallies: SessionTally[], trial: TrialInput, phases: PhaseChange[]): SessionTally[] {
  const starts = phaseStarts(phases);
  const phase = phaseAt(starts, toInstant(trial.captured_at).getTime());
  const index = tallies.findIndex(
    (tally) =>
      tally.session_id === trial.session_id && phaseAt(starts, toInstant(tally.first_at).getTime()) === phase,
  );
  if (index < 0) return [...tallies, tallyOf(trial)];
  return tallies.map((tally, at) => (at === index ? absorb(tally, trial) : tally));
}

/** Yes, trials and reason of one session's tally in one phase under `rule`. */
export function score(
  tally: SessionTally,
  rule: StepRule,
  counted: boolean,
): { yes: number; trials: number; reason: PointReason } {
  let result: { yes: number; trials: number; reason: PointReason };
  if (rule.scoring === 'FIRST_TRIAL') {
    const yes = tally.first_result === 'YES' ? 1 : 0;
    result = { yes, trials: 1, reason: yes ? 'MET' : 'FIRST_TRIAL_NO' };
  } else {
    const { yes, trials } = tally;
    // Exact comparison (yes/trials ≥ threshold/100), not of the rounded percentage.
    const reason: PointReason =
      trials < rule.min_trials
        ? 'TOO_FEW_TRIALS'
        : yes * 100 >= rule.threshold_pct * trials
          ? 'MET'
          : 'BELOW_THRESHOLD';
    result = { yes, trials, reason };
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
  input: Pick<ProgressInput, 'phases' | 'trials' | 'tallies' | 'sessions' | 'criterion' | 'time_zone'>,
): ScoredPoint[] {
  const phases: PhaseChange[] = input.phases;
  if (phases.length === 0)
    throw new RangeError('An item has at least one phase: IN_LEARNING from its creation');
  const tallies = input.tallies ?? tallyTrials(input.trials ?? [], phases);
  const starts = phaseStarts(phases);
  const sessions = new Map(input.sessions.map((session) => [session.id, session]));

  return tallies
    .map((tally) => ({ tally, firstMs: toInstant(tally.first_at).getTime() }))
    .sort((a, b) => a.firstMs - b.firstMs || compareIds(a.tally.session_id, b.tally.session_id))
    .map(({ tally, firstMs }) => {
      const session = sessionOf(sessions, tally.session_id);
      const phase = phaseAt(starts, firstMs);
      const status = phases[phase].status;
      const rule = scoringRule(status, input.criterion);
      const scored = score(tally, rule, input.criterion.counted_roles.includes(session.role));
      return {
        point: {
          session_id: tally.session_id,
          date: localDay(tally.first_at, input.time_zone),
          started_at: tally.first_at,
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
        phase,
        firstMs,
        lastTrialAt: tally.last_at,
      };
    });
}
