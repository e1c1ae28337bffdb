import { dayOf } from '@aba/web-kit';

/**
 * Behaviour frequency per day (spec §1, §2): tracking entries counted per calendar day of the viewer (or of a
 * given time zone), for the column chart.
 */
export interface DayCount {
  /** `YYYY-MM-DD` */
  day: string;
  count: number;
}


/** How many entries fall on each day, days in order; entries whose date cannot be read are left out. */
export function countPerDay(entries: readonly { date_logged: string }[], timeZone?: string): DayCount[] {
  const counts = new Map<string, number>();
  for (const entry of entries) {
    const day = dayOf(entry.date_logged, timeZone);
    if (day) counts.set(day, (counts.get(day) ?? 0) + 1);
  }
  return [...counts.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([day, count]) => ({ day, count }));
}

/** Midnight UTC of a `YYYY-MM-DD` day, in ms: the chart's x value (its time axis is in UTC). */
export function dayToUtcMs(day: string): number {
  const [year, month, date] = day.split('-').map(Number);
  return Date.UTC(year, month - 1, date);
}

/** The chart's points `[x, count]`. */
export function chartPoints(counts: readonly DayCount[]): [number, number][] {
  return counts.map(({ day, count }) => [dayToUtcMs(day), count]);
}

export interface FrequencySummary {
  total: number;
  days: number;
  /** The day with most entries (the earliest of equals), if any. */
  busiest: DayCount | null;
}

export function summarize(counts: readonly DayCount[]): FrequencySummary {
  let busiest: DayCount | null = null;
  let total = 0;
  for (const entry of counts) {
    total += entry.count;
    if (!busiest || entry.count > busiest.count) busiest = entry;
  }
  return { total, days: counts.length, busiest };
}
