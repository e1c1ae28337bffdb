/**
 * Local days: a trial belongs to the calendar day of the child's time zone, never the UTC day (a trial at 01:30 in
 * Bucharest is that day's, though it is still the previous day in UTC). Only `Intl` is used: no date library.
 */

export { DEFAULT_CHILD_TIME_ZONE, isTimeZone } from '@aba/contracts/api';

const DAY_MS = 86_400_000;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const dayFormats = new Map<string, Intl.DateTimeFormat>();

function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  return format;
}

/** The instant as a Date, refusing what is not one. */
export function toInstant(instant: Date | string): Date {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not an instant: ${String(instant)}`);
  return date;
}

function formatDay(ms: number, timeZone: string): string {
  const parts = Object.fromEntries(
    dayFormat(timeZone)
      .formatToParts(ms)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/**
 * Days already found, per time zone and quarter hour: since 1980 every time zone's offset is a whole number of quarter
 * hours, so a quarter hour lies within one local day. `Intl` formatting is the costly part of a progress of years of
 * sessions; the cache is emptied when it holds `DAY_CACHE_LIMIT` quarter hours of a time zone.
 */
const QUARTER_HOUR_MS = 15 * 60_000;
const CACHED_SINCE_MS = Date.UTC(1980, 0, 1);
const DAY_CACHE_LIMIT = 100_000;
const dayCache = new Map<string, Map<number, string>>();

/** The calendar day (YYYY-MM-DD) the instant falls on in `timeZone`. */
export function localDay(instant: Date | string, timeZone: string): string {
  const ms = toInstant(instant).getTime();
  if (ms < CACHED_SINCE_MS) return formatDay(ms, timeZone);
  let days = dayCache.get(timeZone);
  if (!days) {
    days = new Map();
    dayCache.set(timeZone, days);
  }
  const quarter = Math.floor(ms / QUARTER_HOUR_MS);
  let day = days.get(quarter);
  if (day === undefined) {
    if (days.size >= DAY_CACHE_LIMIT) days.clear();
    day = formatDay(quarter * QUARTER_HOUR_MS, timeZone);
    days.set(quarter, day);
  }
  return day;
}

/** A YYYY-MM-DD day as midnight UTC of that date (a calendar date, no time zone involved). */
function dayAsUtc(day: string): Date {
  const match = DAY.exec(day);
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
  if (!date || date.toISOString().slice(0, 10) !== day)
    throw new RangeError(`Not a day (YYYY-MM-DD): ${day}`);
  return date;
}

/** The Monday (YYYY-MM-DD) of the ISO week holding `day`. */
export function weekOf(day: string): string {
  const date = dayAsUtc(day);
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  return new Date(date.getTime() - sinceMonday * DAY_MS).toISOString().slice(0, 10);
}
