import { exportTable } from './export-table.js';

describe('exportTable', () => {
  it('writes a timestamp column read as Postgres text as ISO 8601, and leaves dates and other text as they are', () => {
    const table = exportTable(
      't',
      'T.',
      ['at', 'day', 'text'],
      [{ at: '2026-11-27 05:53:03.694+00', day: '2019-05-14', text: 'Vine la 10:00' }],
    );
    expect(table.rows).toEqual([
      { at: '2026-11-27T05:53:03.694Z', day: '2019-05-14', text: 'Vine la 10:00' },
    ]);
  });

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
