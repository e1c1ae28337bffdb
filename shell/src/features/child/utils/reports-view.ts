import type { ChildExportFormat, ChildExportLanguage, ChildReportKind } from '@aba/contracts/api';

/**
 * The reports page's logic (issue 18), pure: the calls that download a child's report or its data as spreadsheets.
 */

export interface ReportsChoice {
  language: ChildExportLanguage;
  /** The child's local days, inclusive; empty for open-ended. */
  from: string;
  to: string;
}

export interface DataExportChoice extends ReportsChoice {
  format: ChildExportFormat;
}

/** The query of a choice: its given values; an empty day is left out (open-ended). */
function queryOf(values: Record<string, string>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) if (value) params.set(name, value);
  return params.toString();
}

/** `GET /api/child/{id}/export` for the choice. */
export function childExportPath(childId: string, choice: DataExportChoice): string {
  const query = queryOf({ format: choice.format, lang: choice.language, from: choice.from, to: choice.to });
  return `/api/child/${encodeURIComponent(childId)}/export?${query}`;
}

/** `GET /api/child/{id}/report/{kind}` for the choice. */
export function childReportPath(childId: string, kind: ChildReportKind, choice: ReportsChoice): string {
  const query = queryOf({ lang: choice.language, from: choice.from, to: choice.to });
  return `/api/child/${encodeURIComponent(childId)}/report/${kind}?${query}`;
}

/** The language the files are written in at first: the screen's, when the files have it; else Romanian. */
export function exportLanguageOf(screenLanguage: string): ChildExportLanguage {
  return screenLanguage.toLowerCase().startsWith('en') ? 'en' : 'ro';
}
