import type {
  CriterionSource,
  ExplanationCode,
  ItemStatus,
  LateData,
  MasteryCriterion,
  MasteryDecision,
  PhaseChange,
  PhaseChangeMode,
  Progress,
  ProgressPoint,
  StepRule,
} from '@aba/contracts/api';
import { resolveCriterion, PLATFORM_CRITERION, type CriterionLevels } from './criterion.js';
import { DEFAULT_CHILD_TIME_ZONE } from './local-day.js';
import type { Language, ProgressInput, SessionInput, TrialInput } from './model.js';
import { poolPoints } from './pooling.js';
import { progressOf } from './progress.js';

/**
 * Named sequences of trials with the progress they must give: the mastery rules as data. This lib's spec replays
 * them; the services' int-specs and the front end can replay the same ones (`@aba/mastery/sequences`) and compare
 * `summarise(theirProgress)` with `expected`.
 *
 * Times are written in the child's local time with its offset (Bucharest: +02:00, +03:00 from 29 March to 25 October
 * 2026); a session's trials are captured one a minute from its start.
 */

export interface MasterySequence {
  name: string;
  input: Omit<ProgressInput, 'language' | 'trials' | 'tallies'> & { trials: TrialInput[] };
  /** When set, `input.criterion` is what these levels resolve to, and `expected.source` says which level. */
  levels?: CriterionLevels;
  expected: SequenceOutcome;
  /** Literal texts, checked when present. */
  texts?: Partial<Record<Language, { explanation?: string; trend?: string }>>;
}

/** What a sequence's progress is compared by. */
export interface SequenceOutcome {
  source?: CriterionSource;
  /** Every point as `summarisePoint` writes it, in order. */
  points: string[];
  streak: number;
  people: number;
  code: ExplanationCode;
  decision: MasteryDecision | null;
  late_data: LateData | null;
  trend: { slope_per_week: number; sessions_to_criterion: number | null } | null;
  /** The sequence's points pooled (all of them), each as `summarisePool` writes it. */
  pooled?: { unit: 'day' | 'week'; rows: string[] };
}

const PHASE_LETTER: Record<ItemStatus, string> = { IN_LEARNING: 'L', IN_GENERALIZATION: 'G', FINISHED: 'F' };

/** "s1 2026-03-10 L MET 4/5 80": session, local day, phase, reason, YES/trials, percentage. */
export const summarisePoint = (point: ProgressPoint): string =>
  `${point.session_id} ${point.date} ${PHASE_LETTER[point.phase]} ${point.reason} ${point.yes}/${point.trials} ${point.pct}`;

/** "2026-03-10 5/11 45.5 2": day or week, ΣYES/Σtrials, percentage, sessions. */
export const summarisePool = (row: ReturnType<typeof poolPoints>[number]): string =>
  `${row.date} ${row.yes}/${row.trials} ${row.pct} ${row.sessions}`;

/** A progress in the form of `expected` (pooling and source as the sequence asks). */
export function summarise(progress: Progress, sequence: MasterySequence): SequenceOutcome {
  const { expected } = sequence;
  return {
    ...(expected.source
      ? { source: sequence.levels ? resolveCriterion(sequence.levels).source : 'PLATFORM' }
      : {}),
    points: progress.points.map(summarisePoint),
    streak: progress.explanation.streak,
    people: progress.explanation.people,
    code: progress.explanation.code,
    decision: progress.decision,
    late_data: progress.late_data,
    trend: progress.trend && {
      slope_per_week: progress.trend.slope_per_week,
      sessions_to_criterion: progress.trend.sessions_to_criterion,
    },
    ...(expected.pooled
      ? {
          pooled: {
            unit: expected.pooled.unit,
            rows: poolPoints(progress.points, expected.pooled.unit).map(summarisePool),
          },
        }
      : {}),
  };
}

/** Runs a sequence through `progressOf`. */
export const replay = (sequence: MasterySequence, language: Language = 'en'): Progress =>
  progressOf({ ...sequence.input, language });

// ---- building blocks -----------------------------------------------------------------------------------------

interface Person {
  user_id: string;
  person: string;
  role: SessionInput['role'];
}
const ana: Person = { user_id: 'u-ana', person: 'Ana P.', role: 'THERAPIST' };
const bob: Person = { user_id: 'u-bob', person: 'Bob M.', role: 'THERAPIST' };
const cora: Person = { user_id: 'u-cora', person: 'Cora D.', role: 'COORDINATOR' };
const mia: Person = { user_id: 'u-mia', person: 'Mia S.', role: 'PARENT' };

/** 4/5 = 80 %: meets the default threshold. */
const GOOD = 'YYYYN';
/** 2/5 = 40 %. */
const POOR = 'NYNYN';
/** 3 trials: under the default minimum of 5. */
const FEW = 'YYY';

interface Run {
  session: SessionInput;
  trials: TrialInput[];
}

/** Session `id` run by `who` from `start`, one trial a minute: `Y` YES, `N` NO (trial ids `<id>-1`, `<id>-2`, …). */
function run(id: string, who: Person, start: string, results: string): Run {
  const startMs = Date.parse(start);
  return {
    session: { id, ...who },
    trials: [...results].map((result, index) => ({
      id: `${id}-${index + 1}`,
      session_id: id,
      captured_at: new Date(startMs + index * 60_000).toISOString(),
      result: result === 'Y' ? 'YES' : 'NO',
    })),
  };
}

/** A March 2026 instant in Bucharest before the clocks change (+02:00): `mar(10)` is 10 March, 10:00. */
const mar = (day: number, time = '10:00') => `2026-03-${String(day).padStart(2, '0')}T${time}:00+02:00`;
/** The ISO (UTC) capture time of the `n`-th trial (1-based) of a session started at `start`. */
const nth = (start: string, n: number) => new Date(Date.parse(start) + (n - 1) * 60_000).toISOString();

const CREATED = '2026-03-01T08:00:00.000Z';
const learning: PhaseChange = {
  status: 'IN_LEARNING',
  from: CREATED,
  mode: 'MANUAL',
  actor: null,
  reason: null,
};
const change = (
  status: ItemStatus,
  from: string,
  mode: PhaseChangeMode,
  actor: string | null = null,
  reason: string | null = null,
): PhaseChange => ({ status, from, mode, actor, reason });

const rule = (
  overrides: Partial<StepRule>,
  base: StepRule = PLATFORM_CRITERION.to_generalization,
): StepRule => ({
  ...base,
  ...overrides,
});
const criterionWith = (overrides: Partial<MasteryCriterion>): MasteryCriterion => ({
  ...PLATFORM_CRITERION,
  ...overrides,
});

const ALL_ROLES: MasteryCriterion = criterionWith({ counted_roles: ['PARENT', 'THERAPIST', 'COORDINATOR'] });
const FIRST_TRIAL: MasteryCriterion = criterionWith({ to_generalization: rule({ scoring: 'FIRST_TRIAL' }) });
const CONFIRM: MasteryCriterion = criterionWith({ to_generalization: rule({ mode: 'CONFIRM' }) });
const LENIENT: MasteryCriterion = criterionWith({ to_generalization: rule({ threshold_pct: 60 }) });
const STRICT: MasteryCriterion = criterionWith({
  to_generalization: rule({ threshold_pct: 90, consecutive_sessions: 2 }),
});

interface Setup {
  runs: Run[];
  phases?: PhaseChange[];
  criterion?: MasteryCriterion;
  levels?: CriterionLevels;
  time_zone?: string;
  pending_suggestion?: boolean;
  streak_reset_at?: string | null;
}

/** The outcome of most sequences: nothing decided, nothing late, no trend. */
const QUIET = { decision: null, late_data: null, trend: null } as const;

function sequence(
  name: string,
  setup: Setup,
  expected: SequenceOutcome,
  texts?: MasterySequence['texts'],
): MasterySequence {
  const criterion = setup.levels
    ? resolveCriterion(setup.levels).criterion
    : (setup.criterion ?? PLATFORM_CRITERION);
  return {
    name,
    input: {
      phases: setup.phases ?? [learning],
      trials: setup.runs.flatMap((session) => session.trials),
      sessions: setup.runs.map((session) => session.session),
      criterion,
      time_zone: setup.time_zone ?? DEFAULT_CHILD_TIME_ZONE,
      ...(setup.pending_suggestion ? { pending_suggestion: true } : {}),
      ...(setup.streak_reset_at ? { streak_reset_at: setup.streak_reset_at } : {}),
    },
    ...(setup.levels ? { levels: setup.levels } : {}),
    expected,
    ...(texts ? { texts } : {}),
  };
}

/** The same sequence without some trials (a deleted trial), under a new name and outcome. */
function without(
  base: MasterySequence,
  trialIds: string[],
  name: string,
  expected: SequenceOutcome,
): MasterySequence {
  const { texts: _texts, ...rest } = base;
  return {
    ...rest,
    name,
    input: { ...base.input, trials: base.input.trials.filter((trial) => !trialIds.includes(trial.id)) },
    expected,
  };
}

// Learning: three good sessions of Ana on 10, 11 and 12 March, and the change to generalization they justify.
const threeGood = [
  run('s1', ana, mar(10), GOOD),
  run('s2', ana, mar(11), GOOD),
  run('s3', ana, mar(12), GOOD),
];
const toGeneralization = (mode: PhaseChangeMode, actor: string | null = null) =>
  change('IN_GENERALIZATION', mar(13, '00:00'), mode, actor);
const decided = (mode: MasteryDecision['mode'], sessionIds: string[], through: string): MasteryDecision => ({
  from: 'IN_LEARNING',
  to: 'IN_GENERALIZATION',
  mode,
  session_ids: sessionIds,
  through,
});

const autoToGeneralization = sequence(
  'three good sessions in a row move the item to generalization (AUTO)',
  { runs: threeGood },
  {
    points: ['s1 2026-03-10 L MET 4/5 80', 's2 2026-03-11 L MET 4/5 80', 's3 2026-03-12 L MET 4/5 80'],
    streak: 3,
    people: 1,
    code: 'MET',
    ...QUIET,
    decision: decided('AUTO', ['s1', 's2', 's3'], nth(mar(12), 5)),
  },
  {
    en: {
      explanation:
        'Criterion met: 3 good sessions in a row. 12 Mar (Ana P.): 4/5 = 80 % ✓. 11 Mar (Ana P.): 4/5 = 80 % ✓. 10 Mar (Ana P.): 4/5 = 80 % ✓.',
    },
    ro: {
      explanation:
        'Criteriu îndeplinit: 3 sesiuni bune la rând. 12 mar. (Ana P.): 4/5 = 80 % ✓. 11 mar. (Ana P.): 4/5 = 80 % ✓. 10 mar. (Ana P.): 4/5 = 80 % ✓.',
    },
  },
);

// Generalization (from 13 March): the learning phase above, then sessions needing two different people.
const generalizing = (mode: PhaseChangeMode = 'AUTO', actor: string | null = null) => [
  learning,
  toGeneralization(mode, actor),
];
const inGeneralization = [run('s4', ana, mar(14), GOOD), run('s5', ana, mar(15), GOOD)];

// Trend: one session every other day from 10 March, 10 trials each.
const tenTrials = (yes: number) => 'Y'.repeat(yes) + 'N'.repeat(10 - yes);
const everyOtherDay = (yesCounts: number[]) =>
  yesCounts.map((yes, index) => run(`t${index + 1}`, ana, mar(10 + 2 * index), tenTrials(yes)));

export const SEQUENCES: MasterySequence[] = [
  sequence(
    'no trials yet: NO_DATA',
    { runs: [] },
    { points: [], streak: 0, people: 0, code: 'NO_DATA', ...QUIET },
    {
      en: {
        explanation:
          'No session counted yet: needs 3 sessions in a row at ≥ 80 % with at least 5 trials each.',
      },
      ro: {
        explanation:
          'Nicio sesiune numărată încă: e nevoie de 3 sesiuni la rând la ≥ 80 %, cu cel puțin 5 încercări fiecare.',
      },
    },
  ),
  sequence(
    'two good sessions: the streak is building',
    { runs: threeGood.slice(0, 2), levels: {} },
    {
      source: 'PLATFORM',
      points: ['s1 2026-03-10 L MET 4/5 80', 's2 2026-03-11 L MET 4/5 80'],
      streak: 2,
      people: 1,
      code: 'STREAK_BUILDING',
      ...QUIET,
    },
  ),
  autoToGeneralization,
  without(
    autoToGeneralization,
    ['s3-1'],
    'a deleted trial leaves the last session under the minimum: no decision',
    {
      points: [
        's1 2026-03-10 L MET 4/5 80',
        's2 2026-03-11 L MET 4/5 80',
        's3 2026-03-12 L TOO_FEW_TRIALS 3/4 75',
      ],
      streak: 2,
      people: 1,
      code: 'TOO_FEW_TRIALS',
      ...QUIET,
    },
  ),
  sequence(
    'a session below the threshold starts the streak again',
    { runs: [...threeGood.slice(0, 2), run('s3', ana, mar(12), POOR), run('s4', ana, mar(13), GOOD)] },
    {
      points: [
        's1 2026-03-10 L MET 4/5 80',
        's2 2026-03-11 L MET 4/5 80',
        's3 2026-03-12 L BELOW_THRESHOLD 2/5 40',
        's4 2026-03-13 L MET 4/5 80',
      ],
      streak: 1,
      people: 1,
      code: 'STREAK_BUILDING',
      ...QUIET,
    },
  ),
  sequence(
    'the last session below the threshold: BELOW_THRESHOLD, streak 0',
    { runs: [...threeGood.slice(0, 2), run('s3', bob, mar(12), POOR)] },
    {
      points: [
        's1 2026-03-10 L MET 4/5 80',
        's2 2026-03-11 L MET 4/5 80',
        's3 2026-03-12 L BELOW_THRESHOLD 2/5 40',
      ],
      streak: 0,
      people: 0,
      code: 'BELOW_THRESHOLD',
      ...QUIET,
    },
    {
      en: {
        explanation:
          '0 of 3 good sessions. 12 Mar (Bob M.): 2/5 = 40 % ✗ (under 80 %, the streak starts again). 11 Mar (Ana P.): 4/5 = 80 % ✓. 10 Mar (Ana P.): 4/5 = 80 % ✓.',
      },
      ro: {
        explanation:
          '0 din 3 sesiuni bune. 12 mar. (Bob M.): 2/5 = 40 % ✗ (sub 80 %, seria începe din nou). 11 mar. (Ana P.): 4/5 = 80 % ✓. 10 mar. (Ana P.): 4/5 = 80 % ✓.',
      },
    },
  ),
  sequence(
    'a session with too few trials neither counts nor breaks the streak',
    { runs: [...threeGood.slice(0, 2), run('s3', ana, mar(12), FEW), run('s4', ana, mar(13), GOOD)] },
    {
      points: [
        's1 2026-03-10 L MET 4/5 80',
        's2 2026-03-11 L MET 4/5 80',
        's3 2026-03-12 L TOO_FEW_TRIALS 3/3 100',
        's4 2026-03-13 L MET 4/5 80',
      ],
      streak: 3,
      people: 1,
      code: 'MET',
      ...QUIET,
      decision: decided('AUTO', ['s1', 's2', 's4'], nth(mar(13), 5)),
    },
  ),
  sequence(
    'the last session has too few trials: TOO_FEW_TRIALS, the streak goes on',
    { runs: [run('s1', ana, mar(10), GOOD), run('s2', ana, mar(12), FEW)] },
    {
      points: ['s1 2026-03-10 L MET 4/5 80', 's2 2026-03-12 L TOO_FEW_TRIALS 3/3 100'],
      streak: 1,
      people: 1,
      code: 'TOO_FEW_TRIALS',
      ...QUIET,
    },
    {
      en: {
        explanation:
          '1 of 3 good sessions. 12 Mar (Ana P.): 3 trials, under the minimum of 5, not counted (the streak goes on). 10 Mar (Ana P.): 4/5 = 80 % ✓.',
      },
      ro: {
        explanation:
          '1 din 3 sesiuni bune. 12 mar. (Ana P.): 3 încercări, sub minimul de 5, nu se numără (seria continuă). 10 mar. (Ana P.): 4/5 = 80 % ✓.',
      },
    },
  ),
  sequence(
    'two sessions on one day: 1/1 and 4/10 pool to 5/11 = 45.5 %, not 70 %',
    { runs: [run('s1', ana, mar(10, '09:00'), 'Y'), run('s2', bob, mar(10, '15:00'), 'YYYYNNNNNN')] },
    {
      points: ['s1 2026-03-10 L TOO_FEW_TRIALS 1/1 100', 's2 2026-03-10 L BELOW_THRESHOLD 4/10 40'],
      streak: 0,
      people: 0,
      code: 'BELOW_THRESHOLD',
      ...QUIET,
      pooled: { unit: 'day', rows: ['2026-03-10 5/11 45.5 2'] },
    },
  ),
  sequence(
    'a session across local midnight is one point, dated the day it started',
    { runs: [run('s1', ana, mar(10, '23:57'), GOOD), run('s2', ana, mar(11, '00:30'), GOOD)] },
    {
      points: ['s1 2026-03-10 L MET 4/5 80', 's2 2026-03-11 L MET 4/5 80'],
      streak: 2,
      people: 1,
      code: 'STREAK_BUILDING',
      ...QUIET,
      pooled: { unit: 'day', rows: ['2026-03-10 4/5 80 1', '2026-03-11 4/5 80 1'] },
    },
  ),
  sequence(
    'a trial at 01:30 local belongs to that local day, though it is still the previous day in UTC',
    { runs: [run('s1', ana, mar(11, '01:30'), 'N')] },
    {
      points: ['s1 2026-03-11 L TOO_FEW_TRIALS 0/1 0'],
      streak: 0,
      people: 0,
      code: 'TOO_FEW_TRIALS',
      ...QUIET,
      pooled: { unit: 'day', rows: ['2026-03-11 0/1 0 1'] },
    },
  ),
  sequence(
    'the day summer time starts in Bucharest (2026-03-29): local days on both sides of the lost hour',
    {
      runs: [
        run('s1', ana, '2026-03-29T02:30:00+02:00', GOOD),
        run('s2', ana, '2026-03-29T04:30:00+03:00', POOR),
        run('s3', bob, '2026-03-29T23:30:00+03:00', GOOD),
        run('s4', bob, '2026-03-30T00:30:00+03:00', GOOD),
      ],
    },
    {
      points: [
        's1 2026-03-29 L MET 4/5 80',
        's2 2026-03-29 L BELOW_THRESHOLD 2/5 40',
        's3 2026-03-29 L MET 4/5 80',
        's4 2026-03-30 L MET 4/5 80',
      ],
      streak: 2,
      people: 1,
      code: 'STREAK_BUILDING',
      ...QUIET,
      pooled: { unit: 'day', rows: ['2026-03-29 10/15 66.7 3', '2026-03-30 4/5 80 1'] },
    },
  ),
  sequence(
    'the day summer time ends in Bucharest (2026-10-25): the repeated hour and the days around it',
    {
      runs: [
        run('s1', ana, '2026-10-25T00:30:00+03:00', POOR),
        run('s2', ana, '2026-10-25T03:30:00+03:00', GOOD),
        run('s3', bob, '2026-10-25T03:30:00+02:00', POOR),
        run('s4', bob, '2026-10-25T23:30:00+02:00', GOOD),
        run('s5', ana, '2026-10-26T00:30:00+02:00', GOOD),
      ],
    },
    {
      points: [
        's1 2026-10-25 L BELOW_THRESHOLD 2/5 40',
        's2 2026-10-25 L MET 4/5 80',
        's3 2026-10-25 L BELOW_THRESHOLD 2/5 40',
        's4 2026-10-25 L MET 4/5 80',
        's5 2026-10-26 L MET 4/5 80',
      ],
      streak: 2,
      people: 2,
      code: 'STREAK_BUILDING',
      ...QUIET,
      trend: { slope_per_week: 206.5, sessions_to_criterion: 1 },
      pooled: { unit: 'week', rows: ['2026-10-19 12/20 60 4', '2026-10-26 4/5 80 1'] },
    },
  ),
  sequence(
    "a parent's session is shown but not counted (the streak goes past it)",
    { runs: [run('s1', ana, mar(10), GOOD), run('s2', mia, mar(11), GOOD), run('s3', ana, mar(12), GOOD)] },
    {
      points: [
        's1 2026-03-10 L MET 4/5 80',
        's2 2026-03-11 L ROLE_NOT_COUNTED 4/5 80',
        's3 2026-03-12 L MET 4/5 80',
      ],
      streak: 2,
      people: 1,
      code: 'STREAK_BUILDING',
      ...QUIET,
    },
    {
      en: {
        explanation:
          '2 of 3 good sessions. 12 Mar (Ana P.): 4/5 = 80 % ✓. 11 Mar (Mia S.): 4/5 = 80 %, not counted (parent data). 10 Mar (Ana P.): 4/5 = 80 % ✓.',
      },
      ro: {
        explanation:
          '2 din 3 sesiuni bune. 12 mar. (Ana P.): 4/5 = 80 % ✓. 11 mar. (Mia S.): 4/5 = 80 %, nu se numără (date introduse de părinte). 10 mar. (Ana P.): 4/5 = 80 % ✓.',
      },
    },
  ),
  sequence(
    "a parent's session counts when the child's criterion switches PARENT on",
    {
      runs: [run('s1', ana, mar(10), GOOD), run('s2', mia, mar(11), GOOD), run('s3', ana, mar(12), GOOD)],
      levels: { item: null, sub_plan: null, child: ALL_ROLES },
    },
    {
      source: 'CHILD',
      points: ['s1 2026-03-10 L MET 4/5 80', 's2 2026-03-11 L MET 4/5 80', 's3 2026-03-12 L MET 4/5 80'],
      streak: 3,
      people: 2,
      code: 'MET',
      ...QUIET,
      decision: decided('AUTO', ['s1', 's2', 's3'], nth(mar(12), 5)),
    },
  ),
  sequence(
    'only parent data: shown, nothing counted, NO_DATA',
    { runs: [run('s1', mia, mar(10), GOOD), run('s2', mia, mar(11), POOR)] },
    {
      points: ['s1 2026-03-10 L ROLE_NOT_COUNTED 4/5 80', 's2 2026-03-11 L ROLE_NOT_COUNTED 2/5 40'],
      streak: 0,
      people: 0,
      code: 'NO_DATA',
      ...QUIET,
    },
  ),
  sequence(
    "first-trial scoring: a YES first trial qualifies whatever follows (the item's criterion)",
    {
      runs: [run('s1', ana, mar(10), 'YNNNN'), run('s2', ana, mar(11), 'YN'), run('s3', cora, mar(12), 'Y')],
      levels: { item: FIRST_TRIAL },
    },
    {
      source: 'ITEM',
      points: ['s1 2026-03-10 L MET 1/1 100', 's2 2026-03-11 L MET 1/1 100', 's3 2026-03-12 L MET 1/1 100'],
      streak: 3,
      people: 2,
      code: 'MET',
      ...QUIET,
      decision: decided('AUTO', ['s1', 's2', 's3'], nth(mar(12), 1)),
    },
  ),
  sequence(
    "first-trial scoring: a NO first trial starts the streak again (the sub-plan's criterion over the child's)",
    {
      runs: [run('s1', ana, mar(10), 'YNN'), run('s2', ana, mar(11), 'NYYYY')],
      levels: { sub_plan: FIRST_TRIAL, child: ALL_ROLES },
    },
    {
      source: 'SUB_PLAN',
      points: ['s1 2026-03-10 L MET 1/1 100', 's2 2026-03-11 L FIRST_TRIAL_NO 0/1 0'],
      streak: 0,
      people: 0,
      code: 'FIRST_TRIAL_NO',
      ...QUIET,
    },
    {
      en: {
        explanation:
          '0 of 3 good sessions. 11 Mar (Ana P.): first trial NO ✗ (the streak starts again). 10 Mar (Ana P.): first trial YES ✓.',
      },
      ro: {
        explanation:
          '0 din 3 sesiuni bune. 11 mar. (Ana P.): prima încercare NU ✗ (seria începe din nou). 10 mar. (Ana P.): prima încercare DA ✓.',
      },
    },
  ),
  sequence(
    "the item's criterion wins over the sub-plan's and the child's",
    {
      runs: [
        run('s1', ana, mar(10), 'YYYNN'),
        run('s2', ana, mar(11), 'YNYNY'),
        run('s3', ana, mar(12), 'NNYYY'),
      ],
      levels: { item: LENIENT, sub_plan: STRICT, child: ALL_ROLES },
    },
    {
      source: 'ITEM',
      points: ['s1 2026-03-10 L MET 3/5 60', 's2 2026-03-11 L MET 3/5 60', 's3 2026-03-12 L MET 3/5 60'],
      streak: 3,
      people: 1,
      code: 'MET',
      ...QUIET,
      decision: decided('AUTO', ['s1', 's2', 's3'], nth(mar(12), 5)),
    },
  ),
  sequence(
    "the sub-plan's stricter criterion: 4/5 is under 90 %",
    { runs: threeGood, levels: { sub_plan: STRICT } },
    {
      source: 'SUB_PLAN',
      points: [
        's1 2026-03-10 L BELOW_THRESHOLD 4/5 80',
        's2 2026-03-11 L BELOW_THRESHOLD 4/5 80',
        's3 2026-03-12 L BELOW_THRESHOLD 4/5 80',
      ],
      streak: 0,
      people: 0,
      code: 'BELOW_THRESHOLD',
      ...QUIET,
    },
  ),
  sequence(
    'generalization: two good sessions, both by Ana: another person must run one',
    { runs: [...threeGood, ...inGeneralization], phases: generalizing() },
    {
      points: [
        's1 2026-03-10 L MET 4/5 80',
        's2 2026-03-11 L MET 4/5 80',
        's3 2026-03-12 L MET 4/5 80',
        's4 2026-03-14 G MET 4/5 80',
        's5 2026-03-15 G MET 4/5 80',
      ],
      streak: 2,
      people: 1,
      code: 'NEEDS_OTHER_PERSON',
      ...QUIET,
    },
    {
      en: {
        explanation:
          '2 good sessions in a row, all run by Ana P.; another person must run one. 15 Mar (Ana P.): 4/5 = 80 % ✓. 14 Mar (Ana P.): 4/5 = 80 % ✓.',
      },
      ro: {
        explanation:
          '2 sesiuni bune la rând, toate conduse de Ana P.; o altă persoană trebuie să conducă una. 15 mar. (Ana P.): 4/5 = 80 % ✓. 14 mar. (Ana P.): 4/5 = 80 % ✓.',
      },
    },
  ),
  sequence(
    'generalization: a coordinator then runs a good one: MET, on to FINISHED',
    { runs: [...threeGood, ...inGeneralization, run('s6', cora, mar(16), 'YYYYY')], phases: generalizing() },
    {
      points: [
        's1 2026-03-10 L MET 4/5 80',
        's2 2026-03-11 L MET 4/5 80',
        's3 2026-03-12 L MET 4/5 80',
        's4 2026-03-14 G MET 4/5 80',
        's5 2026-03-15 G MET 4/5 80',
        's6 2026-03-16 G MET 5/5 100',
      ],
      streak: 3,
      people: 2,
      code: 'MET',
      ...QUIET,
      decision: {
        from: 'IN_GENERALIZATION',
        to: 'FINISHED',
        mode: 'AUTO',
        session_ids: ['s4', 's5', 's6'],
        through: nth(mar(16), 5),
      },
    },
    {
      en: {
        explanation:
          'Criterion met: 3 good sessions in a row, run by Ana P. and Cora D. 16 Mar (Cora D.): 5/5 = 100 % ✓. 15 Mar (Ana P.): 4/5 = 80 % ✓. 14 Mar (Ana P.): 4/5 = 80 % ✓.',
      },
    },
  ),
  sequence(
    'late data: a poor session captured before the automatic change arrives after it',
    { runs: [...threeGood, run('s9', bob, mar(12, '15:00'), POOR)], phases: generalizing('AUTO') },
    {
      points: [
        's1 2026-03-10 L MET 4/5 80',
        's2 2026-03-11 L MET 4/5 80',
        's3 2026-03-12 L MET 4/5 80',
        's9 2026-03-12 L BELOW_THRESHOLD 2/5 40',
      ],
      streak: 0,
      people: 0,
      code: 'NO_DATA',
      ...QUIET,
      late_data: { at: mar(13, '00:00'), from: 'IN_LEARNING', to: 'IN_GENERALIZATION' },
    },
  ),
  sequence(
    'late data after a revert by hand: the revert settles it, nothing is flagged',
    {
      runs: [...threeGood, run('s9', bob, mar(12, '15:00'), POOR)],
      phases: [...generalizing('AUTO'), change('IN_LEARNING', mar(14, '09:00'), 'MANUAL', 'Dana C.', 'LATE_DATA')],
    },
    {
      points: [
        's1 2026-03-10 L MET 4/5 80',
        's2 2026-03-11 L MET 4/5 80',
        's3 2026-03-12 L MET 4/5 80',
        's9 2026-03-12 L BELOW_THRESHOLD 2/5 40',
      ],
      streak: 0,
      people: 0,
      code: 'OVERRIDDEN',
      ...QUIET,
    },
  ),
  sequence(
    'late data that changes nothing: a short session captured before the confirmed change',
    {
      runs: [...threeGood, run('s9', bob, mar(11, '15:00'), 'NN')],
      phases: generalizing('CONFIRMED', 'Cora D.'),
    },
    {
      points: [
        's1 2026-03-10 L MET 4/5 80',
        's2 2026-03-11 L MET 4/5 80',
        's9 2026-03-11 L TOO_FEW_TRIALS 0/2 0',
        's3 2026-03-12 L MET 4/5 80',
      ],
      streak: 0,
      people: 0,
      code: 'NO_DATA',
      ...QUIET,
    },
  ),
  sequence(
    'CONFIRM mode: the criterion met proposes the change',
    { runs: threeGood, criterion: CONFIRM },
    {
      points: ['s1 2026-03-10 L MET 4/5 80', 's2 2026-03-11 L MET 4/5 80', 's3 2026-03-12 L MET 4/5 80'],
      streak: 3,
      people: 1,
      code: 'MET',
      ...QUIET,
      decision: decided('CONFIRM', ['s1', 's2', 's3'], nth(mar(12), 5)),
    },
  ),
  sequence(
    "a pending suggestion waits for a coordinator's confirmation: no new decision",
    { runs: threeGood, criterion: CONFIRM, pending_suggestion: true },
    {
      points: ['s1 2026-03-10 L MET 4/5 80', 's2 2026-03-11 L MET 4/5 80', 's3 2026-03-12 L MET 4/5 80'],
      streak: 3,
      people: 1,
      code: 'PENDING_CONFIRMATION',
      ...QUIET,
    },
    {
      en: {
        explanation:
          "Criterion met; waiting for a coordinator's confirmation. 12 Mar (Ana P.): 4/5 = 80 % ✓. 11 Mar (Ana P.): 4/5 = 80 % ✓. 10 Mar (Ana P.): 4/5 = 80 % ✓.",
      },
      ro: {
        explanation:
          'Criteriu îndeplinit; se așteaptă confirmarea unui coordonator. 12 mar. (Ana P.): 4/5 = 80 % ✓. 11 mar. (Ana P.): 4/5 = 80 % ✓. 10 mar. (Ana P.): 4/5 = 80 % ✓.',
      },
    },
  ),
  sequence(
    'a rejected suggestion: the sessions before it no longer count toward the streak',
    {
      runs: [...threeGood, run('s4', ana, mar(13), GOOD)],
      criterion: CONFIRM,
      streak_reset_at: mar(12, '18:00'),
    },
    {
      points: [
        's1 2026-03-10 L MET 4/5 80',
        's2 2026-03-11 L MET 4/5 80',
        's3 2026-03-12 L MET 4/5 80',
        's4 2026-03-13 L MET 4/5 80',
      ],
      streak: 1,
      people: 1,
      code: 'STREAK_BUILDING',
      ...QUIET,
    },
    {
      en: {
        explanation:
          '1 of 3 good sessions. 13 Mar (Ana P.): 4/5 = 80 % ✓. 12 Mar (Ana P.): 4/5 = 80 %, before the rejected suggestion, not counted. 11 Mar (Ana P.): 4/5 = 80 %, before the rejected suggestion, not counted.',
      },
    },
  ),
  sequence(
    'a rejected suggestion with no session since: NO_DATA',
    { runs: threeGood, criterion: CONFIRM, streak_reset_at: mar(12, '18:00') },
    {
      points: ['s1 2026-03-10 L MET 4/5 80', 's2 2026-03-11 L MET 4/5 80', 's3 2026-03-12 L MET 4/5 80'],
      streak: 0,
      people: 0,
      code: 'NO_DATA',
      ...QUIET,
    },
  ),
  sequence(
    'set by hand to generalization, nothing since: OVERRIDDEN',
    {
      runs: [],
      phases: [learning, change('IN_GENERALIZATION', mar(5), 'MANUAL', 'Dana C.', 'generalised at school')],
    },
    { points: [], streak: 0, people: 0, code: 'OVERRIDDEN', ...QUIET },
    {
      en: {
        explanation:
          'Status set by hand by Dana C. (reason: generalised at school); the count starts from then.',
      },
      ro: {
        explanation:
          'Statusul a fost setat manual de Dana C. (motiv: generalised at school); numărătoarea începe de atunci.',
      },
    },
  ),
  sequence(
    'set by hand to generalization, then a good session: the streak is building',
    {
      runs: [run('s1', ana, mar(6), GOOD)],
      phases: [learning, change('IN_GENERALIZATION', mar(5), 'MANUAL', 'Dana C.', null)],
    },
    {
      points: ['s1 2026-03-06 G MET 4/5 80'],
      streak: 1,
      people: 1,
      code: 'STREAK_BUILDING',
      ...QUIET,
    },
    {
      en: {
        explanation:
          '1 of 2 good sessions, run by at least 2 different people. 6 Mar (Ana P.): 4/5 = 80 % ✓.',
      },
      ro: {
        explanation:
          '1 din 2 sesiuni bune, conduse de cel puțin 2 persoane diferite. 6 mar. (Ana P.): 4/5 = 80 % ✓.',
      },
    },
  ),
  sequence(
    'one session across a status change gives one point per phase',
    {
      runs: [run('s1', ana, mar(6), 'YYYYYNN')],
      phases: [learning, change('IN_GENERALIZATION', mar(6, '10:02'), 'MANUAL', 'Dana C.')],
    },
    {
      points: ['s1 2026-03-06 L TOO_FEW_TRIALS 2/2 100', 's1 2026-03-06 G BELOW_THRESHOLD 3/5 60'],
      streak: 0,
      people: 0,
      code: 'BELOW_THRESHOLD',
      ...QUIET,
    },
  ),
  sequence(
    'FINISHED by the rule: later sessions are shown against to_finished, nothing more is decided',
    {
      runs: [
        ...threeGood,
        run('s4', ana, mar(14), GOOD),
        run('s5', bob, mar(15), GOOD),
        run('s6', ana, mar(18), POOR),
        run('s7', bob, mar(19), GOOD),
      ],
      phases: [...generalizing(), change('FINISHED', mar(16, '00:00'), 'AUTO')],
    },
    {
      points: [
        's1 2026-03-10 L MET 4/5 80',
        's2 2026-03-11 L MET 4/5 80',
        's3 2026-03-12 L MET 4/5 80',
        's4 2026-03-14 G MET 4/5 80',
        's5 2026-03-15 G MET 4/5 80',
        's6 2026-03-18 F BELOW_THRESHOLD 2/5 40',
        's7 2026-03-19 F MET 4/5 80',
      ],
      streak: 0,
      people: 0,
      code: 'MET',
      ...QUIET,
    },
    {
      en: {
        explanation:
          'Criterion met: the target is mastered. 19 Mar (Bob M.): 4/5 = 80 % ✓. 18 Mar (Ana P.): 2/5 = 40 % ✗ (under 80 %).',
      },
      ro: {
        explanation:
          'Criteriu îndeplinit: ținta este însușită. 19 mar. (Bob M.): 4/5 = 80 % ✓. 18 mar. (Ana P.): 2/5 = 40 % ✗ (sub 80 %).',
      },
    },
  ),
  sequence(
    'FINISHED set by hand: OVERRIDDEN',
    {
      runs: [run('s1', ana, mar(10), GOOD)],
      phases: [learning, change('FINISHED', mar(20), 'MANUAL', 'Dana C.')],
    },
    { points: ['s1 2026-03-10 L MET 4/5 80'], streak: 0, people: 0, code: 'OVERRIDDEN', ...QUIET },
    { en: { explanation: 'Status set by hand by Dana C.' } },
  ),
  sequence(
    'late data is checked for the last automatic change only (here generalization → FINISHED, which holds)',
    {
      runs: [
        ...threeGood,
        run('s9', bob, mar(12, '15:00'), POOR),
        run('s4', ana, mar(14), GOOD),
        run('s5', bob, mar(15), GOOD),
      ],
      phases: [...generalizing(), change('FINISHED', mar(16, '00:00'), 'AUTO')],
    },
    {
      points: [
        's1 2026-03-10 L MET 4/5 80',
        's2 2026-03-11 L MET 4/5 80',
        's3 2026-03-12 L MET 4/5 80',
        's9 2026-03-12 L BELOW_THRESHOLD 2/5 40',
        's4 2026-03-14 G MET 4/5 80',
        's5 2026-03-15 G MET 4/5 80',
      ],
      streak: 0,
      people: 0,
      code: 'MET',
      ...QUIET,
    },
  ),
  sequence(
    'weekly pooling across a week boundary (Sunday, then 00:30 on Monday, still Sunday in UTC)',
    {
      runs: [
        run('s1', ana, mar(15, '18:00'), GOOD),
        run('s2', ana, mar(16, '00:30'), POOR),
        run('s3', ana, mar(17), 'YYYYYYNNNN'),
      ],
    },
    {
      points: [
        's1 2026-03-15 L MET 4/5 80',
        's2 2026-03-16 L BELOW_THRESHOLD 2/5 40',
        's3 2026-03-17 L BELOW_THRESHOLD 6/10 60',
      ],
      streak: 0,
      people: 0,
      code: 'BELOW_THRESHOLD',
      ...QUIET,
      pooled: { unit: 'week', rows: ['2026-03-09 4/5 80 1', '2026-03-16 8/15 53.3 2'] },
    },
  ),
  sequence(
    'trend over 5 sessions: rising 3.5 points a day, the criterion in about 5 sessions',
    { runs: everyOtherDay([3, 4, 5, 5, 6]) },
    {
      points: [
        't1 2026-03-10 L BELOW_THRESHOLD 3/10 30',
        't2 2026-03-12 L BELOW_THRESHOLD 4/10 40',
        't3 2026-03-14 L BELOW_THRESHOLD 5/10 50',
        't4 2026-03-16 L BELOW_THRESHOLD 5/10 50',
        't5 2026-03-18 L BELOW_THRESHOLD 6/10 60',
      ],
      streak: 0,
      people: 0,
      code: 'BELOW_THRESHOLD',
      ...QUIET,
      trend: { slope_per_week: 24.5, sessions_to_criterion: 5 },
    },
    {
      en: {
        explanation:
          '0 of 3 good sessions. 18 Mar (Ana P.): 6/10 = 60 % ✗ (under 80 %, the streak starts again). 16 Mar (Ana P.): 5/10 = 50 % ✗ (under 80 %, the streak starts again). 14 Mar (Ana P.): 5/10 = 50 % ✗ (under 80 %, the streak starts again).',
        trend: '+24.5 points per week; at this pace the criterion is met in about 5 sessions',
      },
      ro: {
        explanation:
          '0 din 3 sesiuni bune. 18 mar. (Ana P.): 6/10 = 60 % ✗ (sub 80 %, seria începe din nou). 16 mar. (Ana P.): 5/10 = 50 % ✗ (sub 80 %, seria începe din nou). 14 mar. (Ana P.): 5/10 = 50 % ✗ (sub 80 %, seria începe din nou).',
        trend: '+24,5 puncte pe săptămână; în acest ritm criteriul e îndeplinit în aproximativ 5 sesiuni',
      },
    },
  ),
  sequence(
    'no trend over only 4 sessions',
    { runs: everyOtherDay([3, 4, 5, 5]) },
    {
      points: [
        't1 2026-03-10 L BELOW_THRESHOLD 3/10 30',
        't2 2026-03-12 L BELOW_THRESHOLD 4/10 40',
        't3 2026-03-14 L BELOW_THRESHOLD 5/10 50',
        't4 2026-03-16 L BELOW_THRESHOLD 5/10 50',
      ],
      streak: 0,
      people: 0,
      code: 'BELOW_THRESHOLD',
      ...QUIET,
    },
  ),
  sequence(
    'a rising trend already at the threshold: the sessions the streak still lacks',
    { runs: everyOtherDay([6, 7, 7, 8, 9]) },
    {
      points: [
        't1 2026-03-10 L BELOW_THRESHOLD 6/10 60',
        't2 2026-03-12 L BELOW_THRESHOLD 7/10 70',
        't3 2026-03-14 L BELOW_THRESHOLD 7/10 70',
        't4 2026-03-16 L MET 8/10 80',
        't5 2026-03-18 L MET 9/10 90',
      ],
      streak: 2,
      people: 1,
      code: 'STREAK_BUILDING',
      ...QUIET,
      trend: { slope_per_week: 24.5, sessions_to_criterion: 1 },
    },
    { en: { trend: '+24.5 points per week; at this pace the criterion is met in about 1 session' } },
  ),
  sequence(
    'a falling trend: no forecast',
    { runs: everyOtherDay([8, 7, 6, 5, 4]) },
    {
      points: [
        't1 2026-03-10 L MET 8/10 80',
        't2 2026-03-12 L BELOW_THRESHOLD 7/10 70',
        't3 2026-03-14 L BELOW_THRESHOLD 6/10 60',
        't4 2026-03-16 L BELOW_THRESHOLD 5/10 50',
        't5 2026-03-18 L BELOW_THRESHOLD 4/10 40',
      ],
      streak: 0,
      people: 0,
      code: 'BELOW_THRESHOLD',
      ...QUIET,
      trend: { slope_per_week: -35, sessions_to_criterion: null },
    },
  ),
];
