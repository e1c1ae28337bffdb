import { unzipSync } from 'fflate';
import type { ExportPart } from '@aba/contracts/api';
import { exportArchive, partProblem } from './export-archive.js';

/** A file's text, byte order mark included (fflate's `strFromU8` drops it). */
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');

const table = (name: string, rows: Record<string, string | number | null>[] = []) => ({
  name,
  description: `The ${name}.`,
  columns: ['id', 'note'],
  rows,
});

describe('the export archive', () => {
  const therapy: ExportPart = {
    service: 'therapy',
    tables: [table('children', [{ id: 'c1', note: 'Iași, România' }]), table('plans')],
  };
  const billing: ExportPart = { service: 'billing', tables: [] };

  it('holds the README, each part as JSON and each table as CSV, the README listing every file', () => {
    const files = unzipSync(
      exportArchive([therapy, billing], { madeAt: new Date(), email: 'a@example.com' }),
    );
    expect(Object.keys(files)).toEqual([
      'README.txt',
      'therapy.json',
      'therapy/children.csv',
      'therapy/plans.csv',
      'billing.json',
    ]);
    expect(JSON.parse(text(files['therapy.json']))).toEqual(therapy);
    expect(text(files['therapy/children.csv'])).toBe('\uFEFFid,note\r\nc1,"Iași, România"\r\n');
    const readme = text(files['README.txt']);
    for (const path of Object.keys(files).filter((path) => path !== 'README.txt')) {
      expect(readme).toContain(`\r\n${path}\r\n`);
    }
  });

  it('accepts a part of the service asked, each table once, rows holding exactly their columns', () => {
    expect(partProblem(therapy, 'therapy')).toBeNull();
    expect(partProblem(billing, 'billing')).toBeNull();
  });

  it.each([
    ['another service', therapy, 'answered as therapy'],
    ['a table twice', { service: 'billing', tables: [table('a'), table('a')] }, 'table a twice'],
    [
      'a column twice',
      { service: 'billing', tables: [{ ...table('a'), columns: ['id', 'id'] }] },
      'table a: a column twice',
    ],
    [
      'a row lacking a column',
      { service: 'billing', tables: [table('a', [{ id: '1' }])] },
      'table a: row 0 does not hold exactly its columns',
    ],
    [
      'a row with a column more',
      {
        service: 'billing',
        tables: [
          table('a', [
            { id: '1', note: null },
            { id: '2', note: null, x: 1 },
          ]),
        ],
      },
      'table a: row 1 does not hold exactly its columns',
    ],
  ] as const)('refuses a part with %s', (_case, part, problem) => {
    expect(partProblem(part as ExportPart, 'billing')).toBe(problem);
  });
});
