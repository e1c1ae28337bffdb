import { startOfDay } from './start-of-day.js';

describe('startOfDay', () => {
  it("is the viewer's local midnight of that day, whatever the hour", () => {
    const morning = new Date(2026, 10, 25, 0, 0, 1);
    const evening = new Date(2026, 10, 25, 23, 59, 59);
    expect(startOfDay(morning)).toBe(new Date(2026, 10, 25).toISOString());
    expect(startOfDay(evening)).toBe(startOfDay(morning));
    expect(startOfDay(new Date(2026, 10, 26, 0, 0, 0))).not.toBe(startOfDay(evening));
  });
});
