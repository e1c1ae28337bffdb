import { isSince, startOfDay } from './start-of-day.js';

describe('startOfDay', () => {
  it("is the viewer's local midnight of that day, whatever the hour", () => {
    const morning = new Date(2026, 10, 25, 0, 0, 1);
    const evening = new Date(2026, 10, 25, 23, 59, 59);
    expect(startOfDay(morning)).toBe(new Date(2026, 10, 25).toISOString());
    expect(startOfDay(evening)).toBe(startOfDay(morning));
    expect(startOfDay(new Date(2026, 10, 26, 0, 0, 0))).not.toBe(startOfDay(evening));
  });
});

describe('isSince', () => {
  it('counts an instant at or after the start of the day, whatever its offset, and not one before', () => {
    const since = '2026-11-24T22:00:00.000Z';
    expect(isSince('2026-11-25T00:00:00+02:00', since)).toBe(true);
    expect(isSince('2026-11-24T23:59:59+02:00', since)).toBe(false);
    expect(isSince('2026-11-25T08:30:00.000Z', since)).toBe(true);
  });
});
