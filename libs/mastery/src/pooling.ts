import type { ProgressPoint } from '@aba/contracts/api';
import { weekOf } from './local-day.js';
import { percent } from './points.js';

/** Points pooled over a local day or an ISO week: ΣYES ÷ Σtrials, never an average of percentages. */
export interface PooledPoint {
  /** The local day (YYYY-MM-DD), or the Monday of the week. */
  date: string;
  yes: number;
  trials: number;
  /** 0..100, rounded to 1 decimal. */
  pct: number;
  /** Distinct sessions pooled. */
  sessions: number;
}

/**
 * Pools the points given (the caller chooses which: e.g. one phase, or only counted ones) per local day (`date`) or per
 * week (`weekOf(date)`), in date order. Sessions 1/1 and 4/10 on one day give 5/11 = 45.5 %, not 70 %.
 */
export function poolPoints(points: ProgressPoint[], unit: 'day' | 'week'): PooledPoint[] {
  const pools = new Map<string, { yes: number; trials: number; sessions: Set<string> }>();
  for (const point of points) {
    const date = unit === 'week' ? weekOf(point.date) : point.date;
    const pool = pools.get(date) ?? { yes: 0, trials: 0, sessions: new Set<string>() };
    pool.yes += point.yes;
    pool.trials += point.trials;
    pool.sessions.add(point.session_id);
    pools.set(date, pool);
  }
  return [...pools.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([date, pool]) => ({
      date,
      yes: pool.yes,
      trials: pool.trials,
      pct: pool.trials === 0 ? 0 : percent(pool.yes, pool.trials),
      sessions: pool.sessions.size,
    }));
}
