import { formatRegisterDate } from '../features/users/utils/format-date.js';
import { formatDate } from './format-date.js';

describe('formatDate (en-GB, shared by the admin tables)', () => {
  it('formats subscription timestamps as day/month/year', () => {
    expect(formatDate('2026-11-22T10:15:00.000Z', 'UTC')).toBe('22/11/2026');
    expect(formatDate('2026-01-05T23:59:59Z', 'UTC')).toBe('05/01/2026');
    expect(formatDate('2026-01-05T23:30:00Z', 'Europe/Bucharest')).toBe('06/01/2026');
  });
  it('is the very function the users table uses for register dates', () => {
    expect(formatRegisterDate).toBe(formatDate);
  });
  it('leaves a value that is not a date as it is', () => {
    expect(formatDate('')).toBe('');
    expect(formatDate('soon')).toBe('soon');
  });
});
