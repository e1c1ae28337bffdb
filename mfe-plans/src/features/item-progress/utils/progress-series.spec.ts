import type { PhaseChange, ProgressPoint } from '@aba/contracts/api';
import { buildProgressSeries, dayX, initials, markerKind, type SeriesPoint } from './progress-series.js';

let sessions = 0;
function point(over: Partial<ProgressPoint> & Pick<ProgressPoint, 'started_at'>): ProgressPoint {
  const yes = over.yes ?? 4;
  const trials = over.trials ?? 5;
  return {
    session_id: `s${++sessions}`,
    date: over.started_at.slice(0, 10),
    user_id: 'u1',
    person: 'Ana P.',
    role: 'THERAPIST',
    phase: 'IN_LEARNING',
    yes,
    trials,
    pct: Math.round((yes / trials) * 1000) / 10,
    qualifying: (over.reason ?? 'MET') === 'MET',
    reason: 'MET',
    ...over,
  };
}

const learning: PhaseChange = {
  status: 'IN_LEARNING',
  from: '2026-11-01T00:00:00Z',
  mode: 'MANUAL',
  actor: 'Ioana Pop',
  reason: null,
};
const generalization: PhaseChange = {
  status: 'IN_GENERALIZATION',
  from: '2026-11-03T12:00:00Z',
  mode: 'AUTO',
  actor: null,
  reason: null,
};
const joined = (line: ReturnType<typeof buildProgressSeries>['line']) =>
  line.filter((p): p is SeriesPoint => p.y !== null);

describe('item progress chart series', () => {
  it('draws a MET session as a filled "met" point joined to the line, saying 4/5, its date and person', () => {
    const series = buildProgressSeries(
      { points: [point({ started_at: '2026-11-02T09:00:00Z' })], phases: [learning], aim: 80, withTrend: false },
      'session',
    );
    expect(series.line).toEqual([
      {
        x: Date.parse('2026-11-02T09:00:00Z'),
        y: 80,
        yes: 4,
        trials: 5,
        date: '2026-11-02',
        person: 'Ana P.',
        kind: 'met',
        sessions: 1,
      },
    ]);
    expect(series.hollow).toEqual([]);
  });

  it('draws a counted session below the threshold (or a first trial NO) as a filled "counted" point on the line', () => {
    expect(markerKind('BELOW_THRESHOLD')).toBe('counted');
    expect(markerKind('FIRST_TRIAL_NO')).toBe('counted');
    const series = buildProgressSeries(
      {
        points: [point({ started_at: '2026-11-02T09:00:00Z', yes: 2, reason: 'BELOW_THRESHOLD' })],
        phases: [learning],
        aim: 80,
        withTrend: false,
      },
      'session',
    );
    expect(joined(series.line).map((p) => [p.y, p.kind])).toEqual([[40, 'counted']]);
  });

  it('draws TOO_FEW_TRIALS and ROLE_NOT_COUNTED sessions hollow at their %, not joined to the line', () => {
    expect(markerKind('TOO_FEW_TRIALS')).toBe('hollow');
    expect(markerKind('ROLE_NOT_COUNTED')).toBe('hollow');
    const series = buildProgressSeries(
      {
        points: [
          point({ started_at: '2026-11-02T09:00:00Z' }),
          point({ started_at: '2026-11-02T11:00:00Z', yes: 1, trials: 2, reason: 'TOO_FEW_TRIALS' }),
          point({ started_at: '2026-11-02T13:00:00Z', yes: 3, trials: 5, reason: 'ROLE_NOT_COUNTED', role: 'PARENT' }),
        ],
        phases: [learning],
        aim: 80,
        withTrend: false,
      },
      'session',
    );
    expect(joined(series.line)).toHaveLength(1);
    expect(series.hollow.map((p) => [p.y, p.kind, `${p.yes}/${p.trials}`])).toEqual([
      [50, 'hollow', '1/2'],
      [60, 'hollow', '3/5'],
    ]);
  });

  it('breaks the line at each phase change and puts a vertical line there, labelled AUTO or with initials', () => {
    const byHand: PhaseChange = { ...learning, status: 'IN_LEARNING', from: '2026-11-05T08:00:00Z', actor: 'Ana Popescu' };
    const series = buildProgressSeries(
      {
        points: [
          point({ started_at: '2026-11-02T09:00:00Z' }),
          point({ started_at: '2026-11-03T09:00:00Z' }),
          point({ started_at: '2026-11-04T09:00:00Z', phase: 'IN_GENERALIZATION' }),
          point({ started_at: '2026-11-06T09:00:00Z' }),
        ],
        phases: [learning, generalization, byHand],
        aim: 80,
        withTrend: false,
      },
      'session',
    );
    expect(series.phaseLines).toEqual([
      { x: Date.parse(generalization.from), status: 'IN_GENERALIZATION', label: 'AUTO' },
      { x: Date.parse(byHand.from), status: 'IN_LEARNING', label: 'AP' },
    ]);
    expect(series.line.map((p) => (p.y === null ? `gap@${p.x}` : p.x))).toEqual([
      Date.parse('2026-11-02T09:00:00Z'),
      Date.parse('2026-11-03T09:00:00Z'),
      `gap@${Date.parse(generalization.from)}`,
      Date.parse('2026-11-04T09:00:00Z'),
      `gap@${Date.parse(byHand.from)}`,
      Date.parse('2026-11-06T09:00:00Z'),
    ]);
    expect(initials('Ana P.')).toBe('AP');
  });

  it('keeps the aim at the current threshold, none when no rule applies', () => {
    const input = { points: [], phases: [learning], withTrend: false };
    expect(buildProgressSeries({ ...input, aim: 80 }, 'session').aim).toBe(80);
    expect(buildProgressSeries({ ...input, aim: null }, 'session')).toEqual({
      line: [],
      hollow: [],
      phaseLines: [],
      aim: null,
      trend: null,
    });
  });

  it('pools a day as ΣYES ÷ Σtrials: 1/1 and 4/10 give 45.5 %, not 70 %', () => {
    const series = buildProgressSeries(
      {
        points: [
          point({ started_at: '2026-11-02T09:00:00Z', yes: 1, trials: 1, reason: 'TOO_FEW_TRIALS' }),
          point({ started_at: '2026-11-02T15:00:00Z', yes: 4, trials: 10, reason: 'BELOW_THRESHOLD' }),
          point({ started_at: '2026-11-02T16:00:00Z', yes: 5, trials: 5, reason: 'ROLE_NOT_COUNTED' }),
        ],
        phases: [learning],
        aim: 80,
        withTrend: false,
      },
      'day',
    );
    expect(series.line).toEqual([
      { x: dayX('2026-11-02'), y: 45.5, yes: 5, trials: 11, date: '2026-11-02', person: null, kind: 'counted', sessions: 2 },
    ]);
    // The role that does not count stays apart, hollow, on its day.
    expect(series.hollow.map((p) => [p.x, p.y])).toEqual([[dayX('2026-11-02'), 100]]);
  });

  it('pools a week from its Monday', () => {
    const series = buildProgressSeries(
      {
        points: [
          point({ started_at: '2026-11-02T09:00:00Z', yes: 5 }),
          point({ started_at: '2026-11-05T09:00:00Z', yes: 3 }),
          point({ started_at: '2026-11-10T09:00:00Z', yes: 4 }),
        ],
        phases: [learning],
        aim: 80,
        withTrend: false,
      },
      'week',
    );
    expect(joined(series.line).map((p) => [p.date, p.y, p.kind, p.sessions])).toEqual([
      ['2026-11-02', 80, 'met', 2],
      ['2026-11-09', 80, 'met', 1],
    ]);
  });

  it("draws the trend over the current phase's counted points only", () => {
    const points = [
      point({ started_at: '2026-11-02T09:00:00Z', yes: 0 }),
      point({ started_at: '2026-11-04T09:00:00Z', yes: 2, phase: 'IN_GENERALIZATION' }),
      point({ started_at: '2026-11-05T09:00:00Z', yes: 1, trials: 1, reason: 'TOO_FEW_TRIALS' }),
      point({ started_at: '2026-11-06T09:00:00Z', yes: 4, phase: 'IN_GENERALIZATION' }),
    ];
    const input = { points, phases: [learning, generalization], aim: 80 };
    expect(buildProgressSeries({ ...input, withTrend: false }, 'session').trend).toBeNull();
    expect(buildProgressSeries({ ...input, withTrend: true }, 'session').trend).toEqual([
      [Date.parse('2026-11-04T09:00:00Z'), 40],
      [Date.parse('2026-11-06T09:00:00Z'), 80],
    ]);
  });
});
