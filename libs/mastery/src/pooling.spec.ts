import type { ProgressPoint } from '@aba/contracts/api';
import { poolPoints } from './pooling.js';

const point = (session_id: string, date: string, yes: number, trials: number): ProgressPoint => ({
  session_id,
  date,
  started_at: `${date}T08:00:00.000Z`,
  user_id: 'u-ana',
  person: 'Ana P.',
  role: 'THERAPIST',
  phase: 'IN_LEARNING',
  yes,
  trials,
  pct: Math.round((yes * 1000) / trials) / 10,
  qualifying: false,
  reason: 'BELOW_THRESHOLD',
});

describe('pooling points', () => {
  it('pools trials, never averages percentages: 1/1 and 4/10 on one day give 45.5 %, not 70 %', () => {
    expect(poolPoints([point('s1', '2026-03-10', 1, 1), point('s2', '2026-03-10', 4, 10)], 'day')).toEqual([
      { date: '2026-03-10', yes: 5, trials: 11, pct: 45.5, sessions: 2 },
    ]);
  });

  it('pools per ISO week (Monday), in date order, counting each session once', () => {
    const points = [
      point('s3', '2026-03-17', 6, 10),
      point('s1', '2026-03-15', 4, 5),
      point('s2', '2026-03-16', 2, 5),
      point('s2', '2026-03-16', 3, 3), // the same session in the next phase
    ];
    expect(poolPoints(points, 'week')).toEqual([
      { date: '2026-03-09', yes: 4, trials: 5, pct: 80, sessions: 1 },
      { date: '2026-03-16', yes: 11, trials: 18, pct: 61.1, sessions: 2 },
    ]);
    expect(poolPoints(points, 'day').map((row) => row.date)).toEqual([
      '2026-03-15',
      '2026-03-16',
      '2026-03-17',
    ]);
  });

  it('pools nothing into nothing', () => {
    expect(poolPoints([], 'week')).toEqual([]);
  });
});
