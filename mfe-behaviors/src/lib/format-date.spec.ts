import { formatDateTime, formatDay } from './format-date.js';

describe('dates (en-GB)', () => {
  it('shows date and time in the given time zone', () => {
    expect(formatDateTime('2026-11-22T10:15:00.000Z', 'UTC')).toBe('22/11/2026, 10:15');
    expect(formatDateTime('2026-11-22T23:30:00Z', 'Europe/Bucharest')).toBe('23/11/2026, 01:30');
  });
  it('leaves a value that is not a date as it is', () => {
    expect(formatDateTime('soon')).toBe('soon');
    expect(formatDay('2026-3-1')).toBe('2026-3-1');
  });
  it('shows a calendar day', () => {
    expect(formatDay('2026-03-05')).toBe('05/03/2026');
  });
});
