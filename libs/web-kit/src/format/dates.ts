/**
 * Dates as the whole interface shows them (spec §9: en-GB, day/month/year with two-digit day and month, 24-hour time),
 * in the viewer's time zone unless one is given. One place for every screen: the same instant reads the same
 * everywhere. A value that is not a date is shown as it came.
 */
const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY = { day: '2-digit', month: '2-digit', year: 'numeric' } as const;
const TIME = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;
const SHAPES = {
  day: { locale: 'en-GB', options: DAY },
  dateTime: { locale: 'en-GB', options: { ...DAY, ...TIME } },
  time: { locale: 'en-GB', options: TIME },
  // en-CA writes a day as YYYY-MM-DD.
  isoDay: { locale: 'en-CA', options: DAY },
} as const;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Formatters are made once per shape and zone: a two-year chart formats tens of thousands of instants. */
function formatter(shape: keyof typeof SHAPES, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${shape} ${timeZone ?? ''}`;
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(SHAPES[shape].locale, { ...SHAPES[shape].options, timeZone });
    formatters.set(key, made);
  }
  return made;
}

function instant(value: string | Date): Date | null {
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * `24/11/2026`. A calendar day (`YYYY-MM-DD`, e.g. a date of birth) is that day wherever the viewer is; an instant is
 * its day in the time zone; nothing (null, blank) is ''.
 */
export function formatDate(value: string | null | undefined, timeZone?: string): string {
  if (typeof value !== 'string' || value.trim() === '') return '';
  const text = value.trim();
  const day = CALENDAR_DAY.exec(text);
  if (day) {
    const date = new Date(`${text}T00:00:00Z`);
    return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text
      ? text
      : `${day[3]}/${day[2]}/${day[1]}`;
  }
  const date = instant(text);
  return date ? formatter('day', timeZone).format(date) : text;
}

/** `24/11/2026, 10:15`. */
export function formatDateTime(value: string, timeZone?: string): string {
  const date = instant(value);
  return date ? formatter('dateTime', timeZone).format(date) : value;
}

/** `10:15`. */
export function formatTime(value: string, timeZone?: string): string {
  const date = instant(value);
  return date ? formatter('time', timeZone).format(date) : value;
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * The calendar day (`YYYY-MM-DD`) of an instant in the time zone (the viewer's by default), for counting and grouping
 * per day; null if it is not a date. The viewer's day comes from the Date's local fields (the fast path, called once
 * per evaluation of a two-year chart).
 */
export function dayOf(value: string | Date, timeZone?: string): string | null {
  const date = instant(value);
  if (!date) return null;
  if (timeZone === undefined)
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  const parts = Object.fromEntries(
    formatter('isoDay', timeZone)
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}
