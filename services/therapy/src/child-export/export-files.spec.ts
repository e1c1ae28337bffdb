import { readFileSync } from 'node:fs';
import type { ChildExportLanguage } from '@aba/contracts/api';
import { EXPORT_DATA_SETS, type ExportDataSet, type ExportRow } from './export-data-sets.js';
import { cellValue, csvFile } from './export-files.js';

const trials = EXPORT_DATA_SETS.find((set) => set.name === 'trials')!;
const sessions = EXPORT_DATA_SETS.find((set) => set.name === 'sessions')!;
const statusChanges = EXPORT_DATA_SETS.find((set) => set.name === 'status-changes')!;

/** Two trials as the trials query reads them: diacritics, a separator and a quote in names, a formula-like item. */
const TRIAL_ROWS: ExportRow[] = [
  {
    trial_id: '0b6f1a52-8c1e-4c55-9a53-0d1f6a1b2c01',
    session_id: '5d0c2f34-3e0b-4d43-8a7c-6f3b1b9e7a10',
    captured_local: '2026-03-29 02:30:00',
    captured_utc: '2026-03-29 00:30:00',
    received_local: '2026-03-29 04:31:05',
    received_utc: '2026-03-29 01:31:05',
    plan_id: '7a1e7f8e-51f4-4c0f-a2a4-3f5d6c7b8a90',
    plan: 'Comunicare; limbaj',
    sub_plan_id: '9c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
    sub_plan: 'Imitație',
    item_id: '1f2e3d4c-5b6a-4978-8a9b-0c1d2e3f4a5b',
    item: 'Bate din palme, „ușor” — "tare"',
    result: 'NO',
    item_status: 'IN_LEARNING',
    author_id: 'c60c34f6-2079-4a84-b9cf-b95ca78f2067',
    author: 'Radu Țăranu',
    role: 'THERAPIST',
    _at: '2026-03-29 00:30:00+00',
  },
  {
    trial_id: '0b6f1a52-8c1e-4c55-9a53-0d1f6a1b2c02',
    session_id: '5d0c2f34-3e0b-4d43-8a7c-6f3b1b9e7a10',
    captured_local: '2026-03-29 04:30:00',
    captured_utc: '2026-03-29 01:30:00',
    received_local: '2026-03-29 04:30:01',
    received_utc: '2026-03-29 01:30:01',
    plan_id: null,
    plan: null,
    sub_plan_id: '9c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
    sub_plan: 'Imitație',
    item_id: '2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d',
    item: '=Arată (cu degetul)',
    result: 'YES',
    item_status: 'IN_GENERALIZATION',
    author_id: 'd70c34f6-2079-4a84-b9cf-b95ca78f2068',
    author: null,
    role: 'PARENT',
    _at: '2026-03-29 01:30:00+00',
  },
];

/** A 52.5-minute session at home that a phone opened by itself. */
const SESSION_ROWS: ExportRow[] = [
  {
    session_id: '5d0c2f34-3e0b-4d43-8a7c-6f3b1b9e7a10',
    started_local: '2026-03-29 02:30:00',
    started_utc: '2026-03-29 00:30:00',
    ended_local: '2026-03-29 04:22:30',
    ended_utc: '2026-03-29 01:22:30',
    duration_minutes: 52.5,
    person_id: 'c60c34f6-2079-4a84-b9cf-b95ca78f2067',
    person: 'Radu Țăranu',
    role: 'THERAPIST',
    setting: 'HOME',
    implicit: 'true',
    trials: 2,
    behavior_logs: 0,
    abc_entries: 0,
    _at: '2026-03-29 00:30:00+00',
  },
];

/** The file written for `rows` (in two batches and an empty one), as bytes. */
async function written(
  set: ExportDataSet,
  rows: ExportRow[],
  language: ChildExportLanguage,
): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  let ended = false;
  const file = csvFile(set, language, {
    push(chunk, final = false) {
      chunks.push(chunk);
      ended ||= final;
    },
    settled: async () => undefined,
  });
  await file.add(rows.slice(0, 1));
  await file.add([]);
  await file.add(rows.slice(1));
  await file.end();
  expect(ended).toBe(true);
  return Buffer.concat(chunks);
}

const golden = (name: string) => readFileSync(new URL(`./golden/${name}`, import.meta.url));

describe('the export’s CSV files (golden files: what Excel opens by double-click)', () => {
  it.each([
    [trials, TRIAL_ROWS, 'ro', 'trials.ro.csv'],
    [trials, TRIAL_ROWS, 'en', 'trials.en.csv'],
    [sessions, SESSION_ROWS, 'ro', 'sessions.ro.csv'],
    [sessions, SESSION_ROWS, 'en', 'sessions.en.csv'],
  ] as const)('writes %#: byte for byte as the golden file', async (set, rows, language, file) => {
    const bytes = await written(set, rows, language);
    expect(bytes.toString('utf8')).toBe(golden(file).toString('utf8'));
    expect(bytes.equals(golden(file))).toBe(true);
  });
});

describe('a cell of the export', () => {
  const [author] = trials.columns.filter((column) => column.key === 'author');
  const [actor] = statusChanges.columns.filter((column) => column.key === 'actor');

  it('names a person whose account is gone "former user", and no one at all "the platform"', () => {
    expect(cellValue(author, TRIAL_ROWS[1], 'ro')).toBe('Fost utilizator');
    expect(cellValue(author, TRIAL_ROWS[1], 'en')).toBe('Former user');
    const automatic = { ...TRIAL_ROWS[0], actor: null, actor_id: null };
    expect(cellValue(actor, automatic, 'ro')).toBe('Platforma');
  });

  it('writes a code it has no words for as the code', () => {
    const [result] = trials.columns.filter((column) => column.key === 'result');
    expect(cellValue(result, { ...TRIAL_ROWS[0], result: 'MAYBE' }, 'ro')).toBe('MAYBE');
  });

  it('gives every column of every data set a header in both languages and words for each code column', () => {
    for (const set of EXPORT_DATA_SETS) {
      for (const column of set.columns) {
        expect([set.name, column.key, column.header.ro.length > 0, column.header.en.length > 0]).toEqual([
          set.name,
          column.key,
          true,
          true,
        ]);
        if (column.kind === 'word') expect(column.words).toBeDefined();
      }
    }
  });
});
