import type { DataRole, ItemStatus, MasteryCriterion, PhaseChange, StepRule } from '@aba/contracts/api';
import fc from 'fast-check';
import { PLATFORM_CRITERION } from './criterion.js';
import { trialMayDecide } from './decision-gate.js';
import type { SessionInput, TrialInput } from './model.js';
import { tallyTrials } from './points.js';
import { decisionOfLatest, masteryDecisionOf } from './progress.js';

const DAY0 = Date.parse('2026-03-02T08:00:00Z');
const HOUR = 3_600_000;
const at = (hours: number) => new Date(DAY0 + hours * HOUR).toISOString();

const phase = (status: ItemStatus, hours: number): PhaseChange => ({
  status,
  from: at(hours),
  mode: 'AUTO',
  actor: null,
  reason: null,
});

const ruleArb: fc.Arbitrary<StepRule> = fc.record({
  threshold_pct: fc.constantFrom(50, 80, 100),
  min_trials: fc.integer({ min: 1, max: 4 }),
  consecutive_sessions: fc.integer({ min: 1, max: 3 }),
  scoring: fc.constantFrom('ALL_TRIALS', 'FIRST_TRIAL'),
  min_people: fc.integer({ min: 1, max: 2 }),
  mode: fc.constantFrom('AUTO', 'CONFIRM'),
});

const criterionArb: fc.Arbitrary<MasteryCriterion> = fc.record({
  to_generalization: ruleArb,
  to_finished: ruleArb,
  counted_roles: fc.constantFrom<MasteryCriterion['counted_roles']>(
    ['THERAPIST', 'COORDINATOR'],
    ['THERAPIST', 'COORDINATOR', 'PARENT'],
  ),
});

const SESSIONS: SessionInput[] = [
  { id: 's1', user_id: 'u-ana', person: 'Ana P.', role: 'THERAPIST' },
  { id: 's2', user_id: 'u-dan', person: 'Dan M.', role: 'COORDINATOR' },
  { id: 's3', user_id: 'u-ana', person: 'Ana P.', role: 'THERAPIST' },
  { id: 's4', user_id: 'u-mama', person: 'Ioana R.', role: 'PARENT' },
  { id: 's5', user_id: 'u-dan', person: 'Dan M.', role: 'COORDINATOR' },
];

/**
 * Each session spans an hour from its start; s1 and s2 overlap, and so do s4 and s5 (two people with the child at
 * once), so a late trial can change which of them comes first. Trials come in any order (late ones included).
 */
const SESSION_START_HOURS = [0, 0.5, 24, 48, 48.25];
const trialArb = fc
  .record({
    session: fc.integer({ min: 0, max: SESSIONS.length - 1 }),
    minute: fc.integer({ min: 0, max: 59 }),
    yes: fc.boolean(),
  })
  .map(({ session, minute, yes }) => ({
    session_id: SESSIONS[session].id,
    captured_at: at(SESSION_START_HOURS[session] + minute / 60),
    result: yes ? ('YES' as const) : ('NO' as const),
  }));

/** The item's phases: IN_LEARNING only, or a change during s4 (trials of one session on both sides). */
const phasesArb = fc.constantFrom<PhaseChange[]>(
  [phase('IN_LEARNING', -24)],
  [phase('IN_LEARNING', -24), phase('IN_GENERALIZATION', 48.5)],
  [phase('IN_LEARNING', -24), phase('FINISHED', 48.5)],
);

/** A criterion, the item's phases, up to 40 trials (ids in the order drawn) and maybe a streak reset. */
const scenarioArb = fc.record({
  criterion: criterionArb,
  phases: phasesArb,
  trials: fc
    .array(trialArb, { minLength: 1, maxLength: 40 })
    .map((drawn) => drawn.map((trial, index) => ({ ...trial, id: `t${String(index).padStart(2, '0')}` }))),
  streakResetAt: fc.option(fc.integer({ min: 0, max: 50 * 60 }).map((minute) => at(minute / 60))),
});

const roleOf = (sessionId: string): DataRole => SESSIONS.find((s) => s.id === sessionId)!.role;

const ruleInput = (
  trials: TrialInput[],
  phases: PhaseChange[],
  criterion: MasteryCriterion,
  streakResetAt: string | null,
) => ({
  phases,
  streak_reset_at: streakResetAt,
  tallies: tallyTrials(trials, phases),
  sessions: SESSIONS,
  criterion,
  time_zone: 'Europe/Bucharest',
});

function decision(
  trials: TrialInput[],
  phases: PhaseChange[],
  criterion: MasteryCriterion,
  streakResetAt: string | null,
) {
  const made = masteryDecisionOf(ruleInput(trials, phases, criterion, streakResetAt));
  return made && { from: made.from, to: made.to, mode: made.mode, session_ids: made.session_ids };
}

/** The gate's reading of `trial` after `earlier`, as the server gives it: its session's current-phase tally. */
function mayDecide(
  earlier: TrialInput[],
  trial: TrialInput,
  phases: PhaseChange[],
  criterion: MasteryCriterion,
) {
  const current = phases[phases.length - 1];
  const phaseFrom = phases.length > 1 ? current.from : null;
  const inCurrent = (first: string) => phaseFrom === null || Date.parse(first) >= Date.parse(phaseFrom);
  const before =
    tallyTrials(earlier, phases).find(
      (tally) => tally.session_id === trial.session_id && inCurrent(tally.first_at),
    ) ?? null;
  return trialMayDecide({
    status: current.status,
    phase_from: phaseFrom,
    criterion,
    role: roleOf(trial.session_id),
    before,
    trial,
  });
}

describe('trialMayDecide', () => {
  it('says no only for a trial after which the rule decides nothing it did not decide before it', () => {
    let stopped = 0;
    fc.assert(
      fc.property(scenarioArb, ({ criterion, phases, trials, streakResetAt }) => {
        trials.forEach((trial, index) => {
          const earlier = trials.slice(0, index);
          if (mayDecide(earlier, trial, phases, criterion)) return;
          const after = decision([...earlier, trial], phases, criterion, streakResetAt);
          if (after === null) return;
          stopped += 1;
          // The same move, made before: a session that stopped counting may have shortened the run it rests on.
          const { session_ids: _shorter, ...move } = after;
          expect(decision(earlier, phases, criterion, streakResetAt)).toMatchObject(move);
        });
      }),
      { numRuns: 5000 },
    );
    expect(stopped).toBeGreaterThan(0);
  });

  it('lets through the trials that make a session count: its minimum reached meeting the threshold, the threshold climbed back over, a new first trial', () => {
    const criterion: MasteryCriterion = {
      ...PLATFORM_CRITERION,
      to_generalization: { ...PLATFORM_CRITERION.to_generalization, min_trials: 3, threshold_pct: 80 },
    };
    const phases = [phase('IN_LEARNING', -24)];
    const trial = (id: string, minute: number, yes: boolean): TrialInput => ({
      id,
      session_id: 's1',
      captured_at: at(minute / 60),
      result: yes ? 'YES' : 'NO',
    });
    const asked: boolean[] = [];
    const earlier: TrialInput[] = [];
    for (const next of [
      trial('a', 10, true), // 1 trial, under the minimum of 3: skipped as before
      trial('b', 11, true), // 2: still skipped
      trial('c', 12, true), // 3/3: qualifies now
      trial('d', 13, true), // 4/4: qualifies as before
      trial('e', 14, false), // 4/5 = 80 %: qualifies as before
      trial('f', 15, false), // 4/6: breaks the streak now, which decides nothing new
      trial('g', 16, true), // 5/7: still under 80 %
      trial('h', 17, true), // 6/8 = 75 %: still under
      trial('i', 18, true), // 7/9: still under
      trial('j', 19, true), // 8/10 = 80 % again: qualifies
      trial('k', 5, true), // captured before the session's first trial: its place may change
    ]) {
      asked.push(mayDecide(earlier, next, phases, criterion));
      earlier.push(next);
    }
    expect(asked).toEqual([false, false, true, false, false, false, false, false, false, true, true]);
  });

  it('says no for a parent when parents are not counted, in a FINISHED item and before the current phase', () => {
    const trial = (session_id: string, hours: number): TrialInput => ({
      id: `${session_id}-${hours}`,
      session_id,
      captured_at: at(hours),
      result: 'YES',
    });
    const singleTrial: MasteryCriterion = {
      ...PLATFORM_CRITERION,
      to_generalization: { ...PLATFORM_CRITERION.to_generalization, min_trials: 1 },
      to_finished: { ...PLATFORM_CRITERION.to_finished, min_trials: 1 },
    };
    const learning = [phase('IN_LEARNING', -24)];
    const generalizing = [phase('IN_LEARNING', -24), phase('IN_GENERALIZATION', 24)];
    expect(mayDecide([], trial('s1', 0), learning, singleTrial)).toBe(true);
    expect(mayDecide([], trial('s4', 0), learning, singleTrial)).toBe(false);
    expect(mayDecide([], trial('s1', 0), [phase('FINISHED', -24)], singleTrial)).toBe(false);
    expect(mayDecide([], trial('s1', 0), generalizing, singleTrial)).toBe(false);
    expect(mayDecide([], trial('s1', 25), generalizing, singleTrial)).toBe(true);
  });
});

describe('decisionOfLatest', () => {
  it("decides as the whole phase does whenever the phase's latest sessions settle it, and always when they are all", () => {
    let settledByPart = 0;
    fc.assert(
      fc.property(scenarioArb, ({ criterion, phases, trials, streakResetAt }) => {
        const whole = ruleInput(trials, phases, criterion, streakResetAt);
        const expected = masteryDecisionOf(whole);
        const phaseFrom = Date.parse(phases[phases.length - 1].from);
        // The current phase's tallies in the order the server reads them: by first capture, then session id.
        const current = whole.tallies
          .filter((tally) => phases.length === 1 || Date.parse(tally.first_at) >= phaseFrom)
          .sort(
            (a, b) =>
              Date.parse(a.first_at) - Date.parse(b.first_at) || (a.session_id < b.session_id ? -1 : 1),
          );
        for (let count = 1; count <= current.length; count++) {
          const complete = count === current.length;
          const latest = decisionOfLatest({ ...whole, tallies: current.slice(-count) }, complete);
          if (complete) expect(latest).toEqual(expected);
          else if (latest !== undefined) {
            settledByPart += 1;
            expect(latest).toEqual(expected);
          }
        }
      }),
      { numRuns: 2000 },
    );
    expect(settledByPart).toBeGreaterThan(0);
  });
});
