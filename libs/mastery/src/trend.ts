import type { Trend } from '@aba/contracts/api';
import type { CurrentPhase } from './explanation.js';
import type { Wording } from './format.js';

/** A trend needs at least this many points. */
export const TREND_MIN_POINTS = 5;
const DAY_MS = 86_400_000;

/**
 * Least squares of the percentage against time (days) over the current phase's points that count (not
 * ROLE_NOT_COUNTED, not TOO_FEW_TRIALS); null under `TREND_MIN_POINTS` points or when they all share one instant.
 *
 * `sessions_to_criterion`: null without a rule (FINISHED) or when the trend is flat or falling (rounded slope ≤ 0)
 * while the fitted last value is under the threshold; when it is at or above it, the sessions the streak still lacks;
 * else the sessions the line needs to reach the threshold (at the phase's mean gap between sessions), plus the rest
 * of the streak after the first good one.
 */
export function trendOf(phase: CurrentPhase, w: Wording): Trend | null {
  const used = phase.points.filter(
    ({ point }) => point.reason !== 'ROLE_NOT_COUNTED' && point.reason !== 'TOO_FEW_TRIALS',
  );
  if (used.length < TREND_MIN_POINTS) return null;
  const n = used.length;
  const xs = used.map((point) => (point.firstMs - used[0].firstMs) / DAY_MS);
  const ys = used.map(({ point }) => point.pct);
  const meanX = xs.reduce((sum, x) => sum + x, 0) / n;
  const meanY = ys.reduce((sum, y) => sum + y, 0) / n;
  let sxx = 0;
  let sxy = 0;
  for (let i = 0; i < n; i++) {
    sxx += (xs[i] - meanX) ** 2;
    sxy += (xs[i] - meanX) * (ys[i] - meanY);
  }
  if (sxx === 0) return null;
  const slope = sxy / sxx;
  const fittedLast = meanY + slope * (xs[n - 1] - meanX);
  const slopePerWeek = Math.round(slope * 7 * 10) / 10;

  let sessions: number | null = null;
  const { rule } = phase;
  if (rule && fittedLast >= rule.threshold_pct) {
    sessions = Math.max(0, rule.consecutive_sessions - phase.streak.points.length);
  } else if (rule && slopePerWeek > 0) {
    const meanGap = (xs[n - 1] - xs[0]) / (n - 1);
    sessions =
      Math.ceil((rule.threshold_pct - fittedLast) / (slope * meanGap)) + rule.consecutive_sessions - 1;
  }
  return {
    slope_per_week: slopePerWeek,
    sessions_to_criterion: sessions,
    text: trendText(slopePerWeek, sessions, w),
  };
}

function trendText(slopePerWeek: number, sessions: number | null, w: Wording): string {
  const perWeek = w.say.perWeek(
    `${w.signed(slopePerWeek)} ${w.noun(Math.abs(slopePerWeek), w.say.percentagePoints)}`,
  );
  if (slopePerWeek === 0) return w.say.flat;
  if (slopePerWeek < 0) return w.say.falling(perWeek);
  if (sessions === null) return perWeek;
  return `${perWeek}; ${sessions === 0 ? w.say.alreadyMet : w.say.forecast(w.count(sessions, w.say.sessions))}`;
}
