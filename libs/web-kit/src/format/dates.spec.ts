import { dayOf, formatDate, formatDateTime, formatTime } from './dates.js';

describe('dates (spec §9: en-GB)', () => {
  it('shows an instant as day/month/year in the time zone', () => {
    expect(formatDate('2026-11-22T10:15:00.000Z', 'UTC')).toBe('22/11/2026');
    expect(formatDate('2026-01-05T23:30:00Z', 'Europe/Bucharest')).toBe('06/01/2026');
  });

  it('shows a calendar day as that day, wherever the viewer is', () => {
    expect(formatDate('2019-05-14')).toBe('14/05/2019');
    expect(formatDate('2019-05-14', 'Pacific/Honolulu')).toBe('14/05/2019');
  });

  it('shows date and time, and the time alone, on a 24-hour clock', () => {
    expect(formatDateTime('2026-11-24T09:05:00Z', 'UTC')).toBe('24/11/2026, 09:05');
    expect(formatDateTime('2026-11-24T21:05:00Z', 'Europe/Bucharest')).toBe('24/11/2026, 23:05');
    expect(formatTime('2026-11-24T00:05:00Z', 'UTC')).toBe('00:05');
  });

  it('shows what is not a date as it came, and nothing as nothing', () => {
    expect(formatDate('soon')).toBe('soon');
    expect(formatDate('2026-02-31')).toBe('2026-02-31');
    expect(formatDate('')).toBe('');
    expect(formatDate(null)).toBe('');
    expect(formatDateTime('nope')).toBe('nope');
    expect(formatTime('nope')).toBe('nope');
  });

  it("gives an instant's calendar day in the viewer's or a named time zone", () => {
    expect(dayOf('2026-11-24T22:30:00Z', 'UTC')).toBe('2026-11-24');
    expect(dayOf('2026-11-24T22:30:00Z', 'Europe/Bucharest')).toBe('2026-11-25');
    expect(dayOf(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    expect(dayOf('not a date')).toBeNull();
  });
});
