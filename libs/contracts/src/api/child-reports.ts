import { z } from 'zod';
import { CHILD_EXPORT_LANGUAGES, childFileName } from './child-export.js';
import { LOCAL_DAY_PERIOD, PERIOD_IN_ORDER, SessionMessages } from './sessions.js';

/**
 * A child's reports as PDF (issue 18): `GET /api/child/{id}/report/parent?from=&to=&lang=` (a progress report in plain
 * words for the family) and `GET /api/child/{id}/report/clinician?from=&to=&lang=` (for the team and the insurer).
 * `from` and `to` are the child's local days (inclusive; without them, from the child's first data up to today).
 */
export const CHILD_REPORT_KINDS = ['parent', 'clinician'] as const;
export type ChildReportKind = (typeof CHILD_REPORT_KINDS)[number];

export const ChildReportMessages = {
  languageInvalid: 'Choose the language of the report: ro or en',
  dateRangeInvalid: SessionMessages.dateRangeInvalid,
} as const;

export const childReportQuerySchema = z
  .object({
    ...LOCAL_DAY_PERIOD,
    lang: z.enum(CHILD_EXPORT_LANGUAGES, { error: ChildReportMessages.languageInvalid }).default('ro'),
  })
  .refine(...PERIOD_IN_ORDER);
export type ChildReportQuery = z.input<typeof childReportQuerySchema>;

const REPORT_FILE_PREFIX: Record<ChildReportKind, string> = {
  parent: 'raport-progres',
  clinician: 'raport-clinic',
};

/** The PDF's name as the browser saves it: the kind of report, the child's first name, and the period. */
export function childReportFileName(
  kind: ChildReportKind,
  firstName: string,
  from?: string,
  to?: string,
): string {
  return childFileName(REPORT_FILE_PREFIX[kind], firstName, 'pdf', from, to);
}
