import { exportTable } from './export-table.js';

describe('exportTable', () => {
  it('keeps the columns in order and writes each value as a cell: instants as ISO text, JSON values as JSON', () => {
    const table = exportTable(
      'plans',
      'The plans.',
      ['id', 'at', 'criterion', 'count', 'kept', 'gone'],
      [
        {
          gone: undefined,
          kept: true,
          count: 12n,
          criterion: { threshold_pct: 80 },
          at: new Date('2026-11-27T06:00:00.000Z'),
          id: 'a',
          ignored: 'not a column',
        },
      ],
    );
    expect(table).toEqual({
      name: 'plans',
      description: 'The plans.',
      columns: ['id', 'at', 'criterion', 'count', 'kept', 'gone'],
      rows: [
        {
          id: 'a',
          at: '2026-11-27T06:00:00.000Z',
          criterion: '{"threshold_pct":80}',
          count: '12',
          kept: true,
          gone: null,
        },
      ],
    });
    expect(Object.keys(table.rows[0])).toEqual(table.columns);
  });
});
