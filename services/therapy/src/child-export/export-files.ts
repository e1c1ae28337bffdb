import type { ChildExportLanguage, ExportValue } from '@aba/contracts/api';
import { CSV_DIALECTS, csvRecord, UTF8_BOM } from '@aba/server-kit';
import { strToU8 } from 'fflate';
import type { ExportColumn, ExportDataSet, ExportRow } from './export-data-sets.js';
import { FORMER_USER, type Words } from './export-words.js';
import { OneBatchAhead, type FileSink } from './streamed-zip.js';
import { XlsxSheetWriter, type XlsxCell } from './xlsx-sheet.js';

/** Who made a change nobody made by hand: the mastery rule. */
const PLATFORM: Words = { ro: 'Platforma', en: 'The platform' };

/**
 * A value of the row as the file says it: a code in words, a person by name ("former user" for an account gone, "the
 * platform" where no one is named: a person column's id is the column `<key>_id`); anything else as it is.
 */
export function cellValue(column: ExportColumn, row: ExportRow, language: ChildExportLanguage): ExportValue {
  const value = row[column.key] ?? null;
  if (column.kind === 'person' && value === null)
    return (row[`${column.key}_id`] ?? null) === null ? PLATFORM[language] : FORMER_USER[language];
  if (value === null) return null;
  if (column.kind === 'word') return column.words?.[String(value)]?.[language] ?? String(value);
  return value;
}

/** A file of one data set being written: its rows in batches, then its end; each resolves once handed on. */
export interface DataSetFile {
  add(rows: readonly ExportRow[]): Promise<void>;
  end(): Promise<void>;
}

/**
 * The data set as CSV for a spreadsheet set to `language` (UTF-8 with a BOM; in Romanian `;` between fields and a
 * decimal comma), the header in that language.
 */
export function csvFile(set: ExportDataSet, language: ChildExportLanguage, file: FileSink): DataSetFile {
  const dialect = CSV_DIALECTS[language];
  const header = csvRecord(
    set.columns.map((column) => column.header[language]),
    dialect,
  );
  const ahead = new OneBatchAhead();
  file.push(strToU8(UTF8_BOM + header));
  return {
    async add(rows) {
      const text = rows
        .map((row) =>
          csvRecord(
            set.columns.map((column) => cellValue(column, row, language)),
            dialect,
          ),
        )
        .join('');
      if (text) file.push(strToU8(text));
      await ahead.after(file.settled());
    },
    async end() {
      file.push(new Uint8Array(0), true);
      await ahead.after(file.settled());
      await ahead.all();
    },
  };
}

function xlsxCell(column: ExportColumn, row: ExportRow, language: ChildExportLanguage): XlsxCell {
  const value = cellValue(column, row, language);
  if (value === null || typeof value === 'number') return value;
  if (column.kind === 'dateTime') return { dateTime: String(value) };
  return String(value);
}

/** The data set as an XLSX workbook of one sheet named after it, the header in `language`, times as dates. */
export function xlsxFile(set: ExportDataSet, language: ChildExportLanguage, file: FileSink): DataSetFile {
  // Its first column is each row's own id: written once, it stays out of the table of repeated texts.
  const sheet = new XlsxSheetWriter(
    set.title[language],
    set.columns.map((column) => column.header[language]),
    file,
    [0],
  );
  return {
    add: (rows) => sheet.add(rows.map((row) => set.columns.map((column) => xlsxCell(column, row, language)))),
    end: () => sheet.end(),
  };
}
