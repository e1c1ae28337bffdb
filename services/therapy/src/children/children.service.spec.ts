import type { Child } from '@aba/contracts/api';
import { compareChildren, todayUtc } from './children.service.js';

const child = (id: string, first_name: string, last_name = 'X'): Child => ({
  id,
  first_name,
  last_name,
  date_of_birth: '2020-01-01',
  time_zone: 'Europe/Bucharest',
  relation: 'OWNER',
});

describe('children', () => {
  it('are listed by first name, then last name, ignoring case and accents', () => {
    const sorted = [
      child('1', 'Ștefan'),
      child('2', 'ana', 'Z'),
      child('3', 'Ana', 'B'),
      child('4', 'Bogdan'),
    ].sort(compareChildren);
    expect(sorted.map((c) => c.id)).toEqual(['3', '2', '4', '1']);
  });

  it("take today's date in UTC as the latest date of birth", () => {
    expect(todayUtc(new Date('2026-11-22T23:30:00-05:00'))).toBe('2026-11-23');
  });
});
