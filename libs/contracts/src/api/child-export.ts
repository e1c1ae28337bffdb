import { z } from 'zod';
import { LOCAL_DAY_PERIOD, PERIOD_IN_ORDER, SessionMessages } from './sessions.js';

/**
 * A child's data as spreadsheets (issue 18): `GET /api/child/{id}/export?format=csv|xlsx&from=&to=&lang=` answers a ZIP
 * of the data sets (one file each) with a README, for the child's owner, coordinators and therapists. `from` and
 * `to` are the child's local days (inclusive; open-ended without them); `lang` names the language of the headers, the
 * words and, for CSV, the spreadsheet's conventions (`;` and a decimal comma in Romanian).
 */
export const CHILD_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ChildExportFormat = (typeof CHILD_EXPORT_FORMATS)[number];

export const CHILD_EXPORT_LANGUAGES = ['ro', 'en'] as const;
export type ChildExportLanguage = (typeof CHILD_EXPORT_LANGUAGES)[number];

/** The data sets of the ZIP, in its order: each is one file, `<name>.csv` or `<name>.xlsx`. */
export const CHILD_EXPORT_DATA_SETS = [
  'trials',
  'sessions',
  'status-changes',
  'behavior-logs',
  'abc-entries',
] as const;
export type ChildExportDataSet = (typeof CHILD_EXPORT_DATA_SETS)[number];

export const ChildExportMessages = {
  formatInvalid: 'Choose the file format: csv or xlsx',
  languageInvalid: 'Choose the language of the files: ro or en',
  dateRangeInvalid: SessionMessages.dateRangeInvalid,
} as const;

export const childExportQuerySchema = z
  .object({
    format: z.enum(CHILD_EXPORT_FORMATS, { error: ChildExportMessages.formatInvalid }).default('csv'),
    ...LOCAL_DAY_PERIOD,
    lang: z.enum(CHILD_EXPORT_LANGUAGES, { error: ChildExportMessages.languageInvalid }).default('ro'),
  })
  .refine(...PERIOD_IN_ORDER);
export type ChildExportQuery = z.input<typeof childExportQuerySchema>;

/**
 * A file of a child's as the browser saves it (Romanian, as the product): `prefix`, the child's first name made
 * file-safe (no accents, letters and digits joined by `-`), the period, `extension`.
 */
export function childFileName(
  prefix: string,
  firstName: string,
  extension: string,
  from?: string,
  to?: string,
): string {
  const name =
    firstName
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .toLowerCase() || 'copil';
  return `${prefix}-${name}${from ? `-din-${from}` : ''}${to ? `-pana-la-${to}` : ''}.${extension}`;
}

/** The ZIP's name as the browser saves it. */
export function childExportFileName(firstName: string, from?: string, to?: string): string {
  return childFileName('aba-date', firstName, 'zip', from, to);
}
