import { dayOf } from '@aba/web-kit';
import { buildChartSeries, DAY_MS, dayX, NO_COLOR, periodStart, YES_COLOR } from './chart-series.js';

describe('dashboard chart series', () => {
  it('counts YES and NO per day, oldest day first, each at its date on a time axis', () => {
    const series = buildChartSeries(
      [
        { date: '2026-11-24T09:00:00Z', result: 'YES' },
        { date: '2026-11-22T09:00:00Z', result: 'NO' },
        { date: '2026-11-24T10:00:00Z', result: 'NO' },
        { date: '2026-11-24T11:00:00Z', result: 'YES' },
        { date: '2026-11-22T12:00:00Z', result: 'NO' },
      ],
      'UTC',
    );
    const x22 = Date.UTC(2026, 10, 22);
    expect(series).toEqual({
      days: ['2026-11-22', '2026-11-24'],
      yes: [
        [x22, 0],
        [x22 + 2 * DAY_MS, 2],
      ],
      no: [
        [x22, 2],
        [x22 + 2 * DAY_MS, 1],
      ],
    });
    // The day without evaluations (the 23rd) keeps its place: the 24th is two days after the 22nd, not the next column.
    expect(series.yes[1][0] - series.yes[0][0]).toBe(2 * DAY_MS);
  });

  it("uses the viewer's calendar day", () => {
    const late = [{ date: '2026-11-24T22:30:00Z', result: 'YES' as const }];
    expect(buildChartSeries(late, 'UTC').days).toEqual(['2026-11-24']);
    expect(buildChartSeries(late, 'Europe/Bucharest').days).toEqual(['2026-11-25']);
    expect(dayX('2026-11-25')).toBe(Date.UTC(2026, 10, 25));
    const viewerZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    for (const instant of ['2026-01-01T00:30:00Z', '2026-03-29T01:30:00Z', '2026-11-24T22:30:00.123Z']) {
      expect(dayOf(instant)).toBe(dayOf(instant, viewerZone));
    }
  });

  it('is empty without evaluations', () => {
    expect(buildChartSeries([])).toEqual({ days: [], yes: [], no: [] });
  });

  it('has teal YES and red NO', () => {
    expect(YES_COLOR.toLowerCase()).toBe('#008080');
    expect(NO_COLOR.toLowerCase()).toBe('#d13438');
  });

  it('starts a period N days back, today included', () => {
    const now = new Date('2026-11-24T12:00:00Z');
    expect(periodStart(30, now)).toBe('2026-10-26');
    expect(periodStart(null, now)).toBeUndefined();
  });
});
