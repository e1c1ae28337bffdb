import { dayOf } from '@aba/web-kit';
import type { ChildEvaluationPoint } from '@aba/contracts/api';

export { NO_COLOR, YES_COLOR } from '../../../lib/colors.js';
/** Columns grow in about a second (tests wait for it). */
export const ANIMATION_MS = 1000;
export const DAY_MS = 24 * 3600 * 1000;

/** A column: the day (midnight UTC of the viewer's calendar day, as Highcharts' time axis reads it) and a count. */
export type DayPoint = [number, number];

export interface ChartSeries {
  /** Calendar days (`YYYY-MM-DD`) with at least one evaluation, oldest first. */
  days: string[];
  yes: DayPoint[];
  no: DayPoint[];
}

/** `2026-11-24` → the x of that day on the chart's time axis. */
export const dayX = (day: string): number => {
  const [year, month, date] = day.split('-').map(Number);
  return Date.UTC(year, month - 1, date);
};

/**
 * YES and NO counts per day (spec §2 dashboard) on a time axis (issue 13, point 11): each day with evaluations is a
 * point at its own date, so days without evaluations keep their place instead of being dropped from the axis.
 */
export function buildChartSeries(points: readonly ChildEvaluationPoint[], timeZone?: string): ChartSeries {
  const counts = new Map<string, { yes: number; no: number }>();
  for (const point of points) {
    const day = dayOf(point.date, timeZone);
    if (!day) continue;
    const count = counts.get(day) ?? { yes: 0, no: 0 };
    if (point.result === 'YES') count.yes += 1;
    else count.no += 1;
    counts.set(day, count);
  }
  const days = [...counts.keys()].sort();
  return {
    days,
    yes: days.map((day) => [dayX(day), counts.get(day)!.yes]),
    no: days.map((day) => [dayX(day), counts.get(day)!.no]),
  };
}

/** The periods the dashboard offers, in days (null: everything). */
export const PERIODS = [30, 90, null] as const;
export type Period = (typeof PERIODS)[number];

/** The period the dashboard opens with. */
export const DEFAULT_PERIOD: Period = 30;

/** The `from` day of a period ending today (UTC calendar days, as the server reads them). */
export function periodStart(period: Period, now: Date = new Date()): string | undefined {
  if (period === null) return undefined;
  const start = new Date(now.getTime() - (period - 1) * DAY_MS);
  return start.toISOString().slice(0, 10);
}
