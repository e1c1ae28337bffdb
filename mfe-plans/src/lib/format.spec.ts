import { groupByDay, truncate } from './format.js';

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

describe('history rows (issue 13, point 11)', () => {
  const at = (id: string, date: string) => ({ id, date });

  it('read oldest → newest, one group per calendar day of the viewer', () => {
    const newestFirst = [
      at('e4', '2026-11-24T09:00:00Z'),
      at('e3', '2026-11-24T08:00:00Z'),
      at('e2', '2026-11-23T22:30:00Z'),
      at('e1', '2026-11-20T10:00:00Z'),
    ];
    expect(groupByDay(newestFirst, 'UTC')).toEqual([
      { day: '2026-11-20', items: [newestFirst[3]] },
      { day: '2026-11-23', items: [newestFirst[2]] },
      { day: '2026-11-24', items: [newestFirst[1], newestFirst[0]] },
    ]);
    // 22:30 UTC is already the 24th in Bucharest.
    expect(
      groupByDay(newestFirst, 'Europe/Bucharest').map((group) => [group.day, group.items.map((e) => e.id)]),
    ).toEqual([
      ['2026-11-20', ['e1']],
      ['2026-11-24', ['e2', 'e3', 'e4']],
    ]);
    expect(groupByDay([])).toEqual([]);
  });
});
