import fc from 'fast-check';
import { DEFAULT_CHILD_TIME_ZONE, isTimeZone, localDay, weekOf } from './local-day.js';

describe('local days', () => {
  it('defaults to Bucharest', () => {
    expect(DEFAULT_CHILD_TIME_ZONE).toBe('Europe/Bucharest');
  });

  it('knows the time zones Intl knows', () => {
    for (const zone of ['Europe/Bucharest', 'UTC', 'America/New_York', 'Asia/Kolkata'])
      expect(isTimeZone(zone)).toBe(true);
    for (const zone of ['', ' ', 'Europe/Atlantis', 'GMT+25', 'bucharest/europe'])
      expect(isTimeZone(zone)).toBe(false);
  });

  it("gives the day in the child's time zone, not the UTC day", () => {
    // 01:30 in Bucharest is still the previous day in UTC.
    expect(localDay('2026-03-10T23:30:00Z', 'Europe/Bucharest')).toBe('2026-03-11');
    expect(localDay('2026-03-10T23:30:00Z', 'UTC')).toBe('2026-03-10');
    expect(localDay(new Date('2026-03-11T01:30:00+02:00'), 'Europe/Bucharest')).toBe('2026-03-11');
    expect(localDay('2026-03-10T21:59:59.999Z', 'Europe/Bucharest')).toBe('2026-03-10');
    expect(localDay('2026-03-10T22:00:00Z', 'Europe/Bucharest')).toBe('2026-03-11');
    expect(localDay('2026-03-11T04:00:00Z', 'America/New_York')).toBe('2026-03-11');
    expect(localDay('2026-03-11T03:59:00Z', 'America/New_York')).toBe('2026-03-10');
  });

  it('follows the clock changes in Bucharest (2026-03-29 and 2026-10-25)', () => {
    // Summer time: midnight is 21:00 UTC from the 29th on, 22:00 UTC before.
    expect(localDay('2026-03-28T21:59:00Z', 'Europe/Bucharest')).toBe('2026-03-28');
    expect(localDay('2026-03-28T22:00:00Z', 'Europe/Bucharest')).toBe('2026-03-29');
    expect(localDay('2026-03-29T20:59:00Z', 'Europe/Bucharest')).toBe('2026-03-29');
    expect(localDay('2026-03-29T21:00:00Z', 'Europe/Bucharest')).toBe('2026-03-30');
    // Winter time again: the 25th lasts 25 hours, from 21:00 UTC on the 24th to 22:00 UTC on the 25th.
    expect(localDay('2026-10-24T21:00:00Z', 'Europe/Bucharest')).toBe('2026-10-25');
    expect(localDay('2026-10-25T21:59:00Z', 'Europe/Bucharest')).toBe('2026-10-25');
    expect(localDay('2026-10-25T22:00:00Z', 'Europe/Bucharest')).toBe('2026-10-26');
  });

  it('gives the same day as Intl for any instant since 1980, even in time zones a quarter or half hour off', () => {
    const zones = [
      'Europe/Bucharest',
      'Asia/Kathmandu',
      'Australia/Adelaide',
      'America/St_Johns',
      'Pacific/Chatham',
    ];
    const intlDay = (ms: number, timeZone: string) =>
      new Intl.DateTimeFormat('en-CA', { timeZone }).format(ms);
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(1980, 0, 1), max: Date.UTC(2040, 0, 1) }),
        fc.constantFrom(...zones),
        (ms, zone) => {
          expect(localDay(new Date(ms), zone)).toBe(intlDay(ms, zone));
          // Asked again (now from the cache), and a second before and after.
          expect(localDay(new Date(ms), zone)).toBe(intlDay(ms, zone));
          expect(localDay(new Date(ms - 1000), zone)).toBe(intlDay(ms - 1000, zone));
          expect(localDay(new Date(ms + 1000), zone)).toBe(intlDay(ms + 1000, zone));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('refuses what is not an instant', () => {
    expect(() => localDay('yesterday', 'UTC')).toThrow(RangeError);
    expect(() => localDay(new Date(Number.NaN), 'UTC')).toThrow(RangeError);
  });

  it('gives the Monday of the ISO week', () => {
    expect(weekOf('2026-03-16')).toBe('2026-03-16'); // a Monday
    expect(weekOf('2026-03-15')).toBe('2026-03-09'); // a Sunday
    expect(weekOf('2026-03-18')).toBe('2026-03-16');
    expect(weekOf('2026-01-01')).toBe('2025-12-29'); // across a year
    expect(weekOf('2028-03-01')).toBe('2028-02-28'); // across a leap day
    expect(weekOf('2026-10-25')).toBe('2026-10-19'); // the day the clocks go back changes nothing
  });

  it('refuses what is not a day', () => {
    for (const day of ['2026-02-30', '2026-3-1', '2026-03-01T00:00:00Z', ''])
      expect(() => weekOf(day)).toThrow(RangeError);
  });
});
