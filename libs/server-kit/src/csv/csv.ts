import type { ExportTable, ExportValue } from '@aba/contracts/api';

/** Makes spreadsheet apps (Excel above all) read the file as UTF-8, so Romanian diacritics survive. */
export const UTF8_BOM = '\uFEFF';

/**
 * How a spreadsheet set to a language reads a CSV file by double-click: Excel in English splits fields on `,` and
 * reads `2.5`; Excel in Romanian (where `,` is the decimal mark) splits on `;` and reads `2,5`.
 */
export interface CsvDialect {
  separator: ',' | ';';
  decimal: '.' | ',';
}

export const CSV_DIALECTS = {
  en: { separator: ',', decimal: '.' },
  ro: { separator: ';', decimal: ',' },
} as const satisfies Record<string, CsvDialect>;

/** What a spreadsheet app takes for the start of a formula (OWASP, "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV field: empty for null, text as it is except that text a spreadsheet would run as a formula gets a leading
 * `'`, and a field holding the separator, `"`, CR or LF quoted with its quotes doubled (RFC 4180 §2.6). Numbers are
 * written with the dialect's decimal mark, booleans as they are (neither is ever a formula).
 */
export function csvField(value: ExportValue, dialect: CsvDialect = CSV_DIALECTS.en): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value).replace('.', dialect.decimal);
  if (typeof value !== 'string') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  const needsQuotes = text.includes(dialect.separator) || /[",\r\n]/.test(text);
  return needsQuotes ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV record: the fields in the dialect, ending in CRLF. */
export function csvRecord(fields: readonly ExportValue[], dialect: CsvDialect = CSV_DIALECTS.en): string {
  return `${fields.map((field) => csvField(field, dialect)).join(dialect.separator)}\r\n`;
}

/**
 * A table as an RFC 4180 file: a header row of its columns, then a record per row in the columns' order, each line
 * ending in CRLF, the text starting with a UTF-8 byte order mark.
 */
export function exportCsv(
  table: Pick<ExportTable, 'columns' | 'rows'>,
  dialect: CsvDialect = CSV_DIALECTS.en,
): string {
  return (
    UTF8_BOM +
    csvRecord(table.columns, dialect) +
    table.rows
      .map((row) =>
        csvRecord(
          table.columns.map((column) => row[column] ?? null),
          dialect,
        ),
      )
      .join('')
  );
}
