import { z } from 'zod';

/**
 * "Download my data" (issue 17, GDPR Art 15 and 20, ADR 0048): `GET /api/account/export` answers a ZIP built by
 * identity from each service's own part, which each answers to identity at `GET /internal/account-export` for the
 * caller the internal token names (never through the gateway: it forwards `/api/…` only).
 */

/** Where each service answers its part of the caller's export. */
export const ACCOUNT_EXPORT_PART_PATH = '/internal/account-export';

/** The ZIP's name, as the browser saves it. */
export const ACCOUNT_EXPORT_FILE_NAME = 'aba-datele-mele.zip';

export const AccountExportMessages = {
  partUnavailable: 'Your data could not be gathered right now. Please try again in a few minutes.',
  tooManyExports: 'You can download your data at most 5 times an hour. Please try again later.',
} as const;

/** A value of an exported row: what a CSV cell can hold. Instants are ISO 8601 text. */
export const exportValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type ExportValue = z.infer<typeof exportValueSchema>;

/** One table of a part: a CSV file `<service>/<name>.csv` in the ZIP, described in its README. */
export const exportTableSchema = z.object({
  /** File name without extension: lower case, digits and `_`. */
  name: z.string().regex(/^[a-z][a-z0-9_]*$/),
  /** What the rows are, for the README (English; the README is one text). */
  description: z.string().min(1),
  /** The columns, in order: every row has exactly these keys. */
  columns: z.array(z.string()).min(1),
  rows: z.array(z.record(z.string(), exportValueSchema)),
});
export type ExportTable = z.infer<typeof exportTableSchema>;

/** One service's part of an account export: its tables about the caller and the children they own. */
export const exportPartSchema = z.object({
  service: z.enum(['identity', 'therapy', 'billing']),
  tables: z.array(exportTableSchema),
});
export type ExportPart = z.infer<typeof exportPartSchema>;
