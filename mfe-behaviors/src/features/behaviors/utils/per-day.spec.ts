import { chartPoints, countPerDay, dayToUtcMs, summarize } from './per-day.js';

const at = (date_logged: string) => ({ date_logged });

describe('behaviour frequency per day', () => {
  it('counts entries per calendar day, days in order', () => {
    const entries = [
      at('2026-11-25T09:00:00Z'),
      at('2026-11-23T10:00:00Z'),
      at('2026-11-25T12:30:00Z'),
      at('2026-11-25T23:59:59Z'),
      at('2026-11-23T00:00:00Z'),
    ];
    expect(countPerDay(entries, 'UTC')).toEqual([
      { day: '2026-11-23', count: 2 },
      { day: '2026-11-25', count: 3 },
    ]);
  });

  it("uses the viewer's day, not UTC's: late evening in Bucharest is the next day", () => {
    const entries = [at('2026-11-24T21:30:00Z'), at('2026-11-24T22:30:00Z')];
    expect(countPerDay(entries, 'UTC')).toEqual([{ day: '2026-11-24', count: 2 }]);
    expect(countPerDay(entries, 'Europe/Bucharest')).toEqual([
      { day: '2026-11-24', count: 1 },
      { day: '2026-11-25', count: 1 },
    ]);
  });

  it('counts a day across a daylight-saving change as one day', () => {
    // Bucharest leaves summer time on 25 October 2026 at 04:00 local time.
    const entries = [at('2026-10-24T21:30:00Z'), at('2026-10-25T20:30:00Z')];
    expect(countPerDay(entries, 'Europe/Bucharest')).toEqual([{ day: '2026-10-25', count: 2 }]);
  });

  it('leaves out entries whose date cannot be read, and is empty for none', () => {
    expect(countPerDay([at('yesterday'), at('2026-01-02T10:00:00Z')], 'UTC')).toEqual([{ day: '2026-01-02', count: 1 }]);
    expect(countPerDay([], 'UTC')).toEqual([]);
  });

  it('places each day at midnight UTC on the chart', () => {
    expect(dayToUtcMs('2026-11-25')).toBe(Date.UTC(2026, 10, 25));
    expect(chartPoints([{ day: '2026-01-31', count: 3 }])).toEqual([[Date.UTC(2026, 0, 31), 3]]);
  });

  it('sums up: total, days, busiest day', () => {
    expect(
      summarize([
        { day: '2026-11-23', count: 2 },
        { day: '2026-11-24', count: 5 },
        { day: '2026-11-25', count: 5 },
      ]),
    ).toEqual({ total: 12, days: 3, busiest: { day: '2026-11-24', count: 5 } });
    expect(summarize([])).toEqual({ total: 0, days: 0, busiest: null });
  });
});
