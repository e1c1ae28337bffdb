import type { MasteryCriterion, PhaseChange } from '@aba/contracts/api';
import fc from 'fast-check';
import { PLATFORM_CRITERION } from './criterion.js';
import type { ProgressInput, SessionInput, TrialInput } from './model.js';
import { progressOf } from './progress.js';
import { replay, SEQUENCES, summarise } from './sequences.js';

const learning: PhaseChange = {
  status: 'IN_LEARNING',
  from: '2026-03-01T08:00:00Z',
  mode: 'MANUAL',
  actor: null,
  reason: null,
};
const ana: SessionInput = { id: 's1', user_id: 'u-ana', person: 'Ana P.', role: 'THERAPIST' };

function trials(sessionId: string, start: string, results: string): TrialInput[] {
  return [...results].map((result, index) => ({
    id: `${sessionId}-${index + 1}`,
    session_id: sessionId,
    captured_at: new Date(Date.parse(start) + index * 60_000).toISOString(),
    result: result === 'Y' ? 'YES' : 'NO',
  }));
}

const input = (overrides: Partial<ProgressInput>): ProgressInput => ({
  phases: [learning],
  trials: [],
  sessions: [ana],
  criterion: PLATFORM_CRITERION,
  time_zone: 'Europe/Bucharest',
  language: 'en',
  ...overrides,
});

describe('progressOf', () => {
  it('gives the same progress whatever order the trials come in', () => {
    for (const sequence of SEQUENCES) {
      const expected = summarise(replay(sequence), sequence);
      fc.assert(
        fc.property(
          fc.shuffledSubarray(sequence.input.trials, { minLength: sequence.input.trials.length }),
          (shuffled) => {
            const progress = progressOf({ ...sequence.input, trials: shuffled, language: 'en' });
            expect(summarise(progress, sequence)).toEqual(expected);
          },
        ),
        { numRuns: 20 },
      );
    }
  });

  it('rounds the percentage to one decimal but compares the exact ratio with the threshold', () => {
    const twoThirds: MasteryCriterion = {
      ...PLATFORM_CRITERION,
      to_generalization: { ...PLATFORM_CRITERION.to_generalization, threshold_pct: 67, min_trials: 3 },
    };
    const progress = progressOf(
      input({ trials: trials('s1', '2026-03-10T10:00:00+02:00', 'YYN'), criterion: twoThirds }),
    );
    expect(progress.points[0]).toMatchObject({ yes: 2, trials: 3, pct: 66.7, reason: 'BELOW_THRESHOLD' });
  });

  it('orders points starting at the same instant by session id, and trials captured together by id', () => {
    const bob: SessionInput = { id: 's0', user_id: 'u-bob', person: 'Bob M.', role: 'THERAPIST' };
    const at = '2026-03-10T10:00:00+02:00';
    const progress = progressOf(
      input({ sessions: [ana, bob], trials: [...trials('s1', at, 'YYYYY'), ...trials('s0', at, 'NNNNN')] }),
    );
    expect(progress.points.map((point) => point.session_id)).toEqual(['s0', 's1']);
    expect(progress.explanation).toMatchObject({
      code: 'STREAK_BUILDING',
      streak: 1,
      needed: 3,
      people: 1,
      people_needed: 1,
    });
  });

  it('returns the phases, the current status and its rule; FINISHED has none', () => {
    const finished: PhaseChange = {
      ...learning,
      status: 'FINISHED',
      from: '2026-03-05T08:00:00Z',
      actor: 'Dana C.',
    };
    expect(progressOf(input({})).current).toEqual({
      status: 'IN_LEARNING',
      rule: PLATFORM_CRITERION.to_generalization,
    });
    const progress = progressOf(input({ phases: [learning, finished] }));
    expect(progress.phases).toEqual([learning, finished]);
    expect(progress.current).toEqual({ status: 'FINISHED', rule: null });
    expect(progress.explanation).toMatchObject({
      code: 'OVERRIDDEN',
      streak: 0,
      needed: 0,
      people: 0,
      people_needed: 0,
    });
  });

  it('says when the trend is flat, and uses "de" for 20 and more in Romanian', () => {
    const many: MasteryCriterion = {
      ...PLATFORM_CRITERION,
      to_generalization: {
        ...PLATFORM_CRITERION.to_generalization,
        consecutive_sessions: 20,
        min_trials: 20,
      },
    };
    const days = [10, 11, 12, 13, 14];
    const flat = progressOf(
      input({
        criterion: many,
        language: 'ro',
        trials: days.flatMap((day) => trials(`s${day}`, `2026-03-${day}T10:00:00+02:00`, 'YN'.repeat(10))),
        sessions: days.map((day) => ({ ...ana, id: `s${day}` })),
      }),
    );
    expect(flat.trend).toEqual({
      slope_per_week: 0,
      sessions_to_criterion: null,
      text: 'constant: nicio schimbare pe săptămână',
    });
    expect(progressOf(input({ criterion: many, language: 'ro' })).explanation.text).toBe(
      'Nicio sesiune numărată încă: e nevoie de 20 de sesiuni la rând la ≥ 80 %, cu cel puțin 20 de încercări fiecare.',
    );
  });

  it('refuses a trial of an unknown session and an item without phases', () => {
    expect(() => progressOf(input({ trials: trials('s9', '2026-03-10T10:00:00Z', 'Y') }))).toThrow(
      /session s9/,
    );
    expect(() => progressOf(input({ phases: [] }))).toThrow(RangeError);
  });
});
