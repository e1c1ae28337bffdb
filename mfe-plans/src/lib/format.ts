import { PlanLimits } from '@aba/contracts/api';

/** Spec §2, §9: descriptions in the lists are cut to 20 characters followed by "…" (whole characters, not halves of emoji). */
export function truncate(text: string, length: number = PlanLimits.listDescriptionLength): string {
  const characters = Array.from(text.trim());
  return characters.length > length ? `${characters.slice(0, length).join('')}…` : text.trim();
}

/** en-GB date and time of an evaluation (spec §9), e.g. `24/11/2026, 10:15`, in the viewer's time zone unless given. */
export function formatEvaluationDate(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('en-GB', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  }).format(date);
}

/** en-GB calendar day, e.g. `24/11/2026`. */
export function formatDay(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('en-GB', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone,
  }).format(date);
}

const pad = (value: number) => String(value).padStart(2, '0');
const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The calendar day (`YYYY-MM-DD`) of an instant in a time zone (the viewer's by default). Called once per
 * evaluation (tens of thousands for two years on the dashboard): the viewer's day comes from the Date's local fields,
 * and a named zone's formatter is made once, not per call.
 */
export function dayOf(iso: string, timeZone?: string): string | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  if (timeZone === undefined)
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      timeZone,
    });
    dayFormatters.set(timeZone, formatter);
  }
  return formatter.format(date);
}

/** `2026-11-24` → `24/11/2026`. */
export const enGbDay = (day: string): string => day.split('-').reverse().join('/');

export interface DayGroup<T> {
  /** `YYYY-MM-DD` in the viewer's time zone (or the one given). */
  day: string;
  /** The items of that day, oldest first. */
  items: T[];
}

/**
 * Evaluations as the history rows show them (issue 13, point 11): like a graph, oldest → newest, in groups of one
 * calendar day each. `newestFirst` is the order the server sends.
 */
export function groupByDay<T extends { date: string }>(
  newestFirst: readonly T[],
  timeZone?: string,
): DayGroup<T>[] {
  const groups: DayGroup<T>[] = [];
  for (let i = newestFirst.length - 1; i >= 0; i--) {
    const item = newestFirst[i];
    const day = dayOf(item.date, timeZone) ?? item.date;
    const last = groups[groups.length - 1];
    if (last && last.day === day) last.items.push(item);
    else groups.push({ day, items: [item] });
  }
  return groups;
}

/** en-GB time of day, e.g. `10:15`. */
export function formatTime(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone }).format(date);
}
