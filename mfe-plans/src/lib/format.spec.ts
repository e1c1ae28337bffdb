import { formatDay, formatEvaluationDate, truncate } from './format.js';

describe('truncate (spec §9: 20 characters, then "…")', () => {
  it('keeps short texts as they are', () => {
    expect(truncate('Short')).toBe('Short');
    expect(truncate('x'.repeat(20))).toBe('x'.repeat(20));
    expect(truncate('')).toBe('');
  });
  it('cuts longer texts to 20 characters plus an ellipsis', () => {
    expect(truncate('Learn to name the colours of fruit')).toBe('Learn to name the co…');
    expect(truncate('x'.repeat(21))).toBe(`${'x'.repeat(20)}…`);
  });
  it('counts characters, not UTF-16 halves, and ignores surrounding blanks', () => {
    expect(truncate(`${'😀'.repeat(21)}`)).toBe(`${'😀'.repeat(20)}…`);
    expect(truncate('  Ștefan  ')).toBe('Ștefan');
  });
  it('takes another length', () => {
    expect(truncate('abcdef', 3)).toBe('abc…');
  });
});

describe('dates (en-GB)', () => {
  it('shows day/month/year and the time', () => {
    expect(formatEvaluationDate('2026-11-24T09:05:00Z', 'UTC')).toBe('24/11/2026, 09:05');
    expect(formatDay('2026-03-05T23:30:00Z', 'Europe/Bucharest')).toBe('06/03/2026');
  });
  it('leaves what is not a date', () => {
    expect(formatEvaluationDate('nope')).toBe('nope');
  });
});
