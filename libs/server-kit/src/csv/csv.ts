import type { ExportTable, ExportValue } from '@aba/contracts/api';

/** Makes spreadsheet apps (Excel above all) read the file as UTF-8, so Romanian diacritics survive. */
export const UTF8_BOM = '\uFEFF';

/** What a spreadsheet app takes for the start of a formula (OWASP, "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** What makes a field need quotes (RFC 4180 §2.6). */
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One CSV field: empty for null, text as it is except that text a spreadsheet would run as a formula gets a leading
 * `'`, and a field holding `,`, `"`, CR or LF quoted with its quotes doubled. Numbers and booleans are written as they
 * are (a number is never a formula).
 */
export function csvField(value: ExportValue): string {
  if (value === null) return '';
  if (typeof value !== 'string') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A table as an RFC 4180 file: a header row of its columns, then a record per row in the columns' order, each line
 * ending in CRLF, the text starting with a UTF-8 byte order mark.
 */
export function exportCsv(table: Pick<ExportTable, 'columns' | 'rows'>): string {
  const record = (fields: readonly ExportValue[]) => `${fields.map(csvField).join(',')}\r\n`;
  return (
    UTF8_BOM +
    record(table.columns) +
    table.rows.map((row) => record(table.columns.map((column) => row[column] ?? null))).join('')
  );
}
