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

/**
 * The clinician report's heading and order, set per child by its owner or a coordinator (issue 18, ADR 0053):
 * `GET /api/child/{id}/report/settings` → `{ settings }` (the whole team), `POST` the same path with any of
 * `clinic_name`, `logo` and `section_order` → `{ message, settings }` (what is left out stays as it was; `null` removes
 * the name or the logo), `GET /api/child/{id}/report/logo` → the logo's image (404 without one).
 */
export const CLINICIAN_REPORT_SECTIONS = ['sessions', 'items', 'behaviors'] as const;
export type ClinicianReportSection = (typeof CLINICIAN_REPORT_SECTIONS)[number];

/** A logo the report can draw: a PNG or JPEG file of at most `maxBytes`, each side within `minSide`–`maxSide` px. */
export const REPORT_LOGO = {
  types: ['png', 'jpeg'],
  maxBytes: 256 * 1024,
  minSide: 16,
  maxSide: 4000,
} as const;
export type ReportLogoType = (typeof REPORT_LOGO.types)[number];

/** Each logo type's media type, as a browser names a chosen file and the logo call answers it. */
export const REPORT_LOGO_MEDIA_TYPES: Readonly<Record<ReportLogoType, string>> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
};

export const CLINIC_NAME_MAX = 120;

export const ReportSettingsMessages = {
  clinicNameTooLong: `The clinic's name can have at most ${CLINIC_NAME_MAX} characters`,
  logoTooLarge: 'The logo must be at most 256 KB. Please choose a smaller image.',
  logoNotImage: 'The logo must be a PNG or JPEG image. Please choose another file.',
  logoSize: `Each side of the logo must be between ${REPORT_LOGO.minSide} and ${REPORT_LOGO.maxSide} pixels`,
  sectionOrderInvalid: 'List each section of the report once: sessions, items and behaviours',
  nothingToChange: 'Nothing to save: change the name, the logo or the order first',
  noLogo: "No logo is set for this child's reports",
  saved: 'The report settings were saved',
} as const;

/** The logo's file as base64 (its size checked again once decoded). */
const logoSchema = z
  .base64({ error: ReportSettingsMessages.logoNotImage })
  .max(Math.ceil(REPORT_LOGO.maxBytes / 3) * 4, { error: ReportSettingsMessages.logoTooLarge });

export const reportSettingsRequestSchema = z
  .object({
    clinic_name: z
      .string()
      .trim()
      .max(CLINIC_NAME_MAX, { error: ReportSettingsMessages.clinicNameTooLong })
      .transform((name) => name || null)
      .nullable()
      .optional(),
    logo: logoSchema.nullable().optional(),
    section_order: z
      .array(z.enum(CLINICIAN_REPORT_SECTIONS, { error: ReportSettingsMessages.sectionOrderInvalid }), {
        error: ReportSettingsMessages.sectionOrderInvalid,
      })
      .refine(
        (order) => order.length === CLINICIAN_REPORT_SECTIONS.length && new Set(order).size === order.length,
        { error: ReportSettingsMessages.sectionOrderInvalid },
      )
      .optional(),
  })
  .refine((request) => Object.values(request).some((value) => value !== undefined), {
    error: ReportSettingsMessages.nothingToChange,
  });
export type ReportSettingsRequest = z.input<typeof reportSettingsRequestSchema>;
export type ReportSettingsChange = z.output<typeof reportSettingsRequestSchema>;

export interface ReportLogo {
  type: ReportLogoType;
  width: number;
  height: number;
  bytes: number;
}

export interface ReportSettings {
  clinic_name: string | null;
  logo: ReportLogo | null;
  section_order: ClinicianReportSection[];
  /** When they were last saved; null while the child has the defaults (no name, no logo, the order above). */
  updated_at: string | null;
}

export interface ReportSettingsResponse {
  settings: ReportSettings;
}
