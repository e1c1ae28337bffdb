import { formatRegisterDate } from './format-date.js';

describe('formatRegisterDate (en-GB)', () => {
  it('shows day/month/year with two-digit day and month', () => {
    expect(formatRegisterDate('2026-11-22T10:15:00.000Z', 'UTC')).toBe('22/11/2026');
    expect(formatRegisterDate('2026-03-05T00:00:00Z', 'UTC')).toBe('05/03/2026');
  });
  it('uses the given time zone for the calendar day', () => {
    expect(formatRegisterDate('2026-11-22T23:30:00Z', 'Europe/Bucharest')).toBe('23/11/2026');
    expect(formatRegisterDate('2026-11-22T23:30:00Z', 'UTC')).toBe('22/11/2026');
  });
  it('leaves a value that is not a date as it is', () => {
    expect(formatRegisterDate('not a date')).toBe('not a date');
  });
});
