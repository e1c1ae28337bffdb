import type { ChildEvaluationPoint } from '@aba/contracts/api';

export { NO_COLOR, YES_COLOR } from '../../../lib/colors.js';
/** Columns grow in about a second (tests wait for it). */
export const ANIMATION_MS = 1000;

export interface ChartSeries {
  /** Calendar days (`YYYY-MM-DD`) with at least one evaluation, oldest first. */
  days: string[];
  /** The same days as the axis shows them (en-GB, `dd/mm/yyyy`). */
  categories: string[];
  yes: number[];
  no: number[];
}

const pad = (value: number) => String(value).padStart(2, '0');
const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The calendar day (`YYYY-MM-DD`) of an instant in a time zone (the viewer's by default). Called once per
 * evaluation (tens of thousands for two years): the viewer's day comes from the Date's local fields, and a named
 * zone's formatter is made once, not per call.
 */
export function dayOf(iso: string, timeZone?: string): string | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  if (timeZone === undefined) return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone });
    formatters.set(timeZone, formatter);
  }
  return formatter.format(date);
}

/** `2026-11-24` → `24/11/2026`. */
export const enGbDay = (day: string): string => day.split('-').reverse().join('/');

/** YES and NO counts per day (spec §2 dashboard): one category per day that has evaluations. */
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
    categories: days.map(enGbDay),
    yes: days.map((day) => counts.get(day)!.yes),
    no: days.map((day) => counts.get(day)!.no),
  };
}

/** The periods the dashboard offers, in days (null: everything). */
export const PERIODS = [30, 90, null] as const;
export type Period = (typeof PERIODS)[number];

/** The `from` day of a period ending today (UTC calendar days, as the server reads them). */
export function periodStart(period: Period, now: Date = new Date()): string | undefined {
  if (period === null) return undefined;
  const start = new Date(now.getTime() - (period - 1) * 24 * 3600 * 1000);
  return start.toISOString().slice(0, 10);
}
