import type { ChildExportFormat, ChildExportLanguage } from '@aba/contracts/api';

/**
 * The reports page's logic (issue 18), pure: the call that downloads a child's data as spreadsheets.
 */

export interface DataExportChoice {
  format: ChildExportFormat;
  language: ChildExportLanguage;
  /** The child's local days, inclusive; empty for open-ended. */
  from: string;
  to: string;
}

/** `GET /api/child/{id}/export` for the choice; an empty day is left out (open-ended). */
export function childExportPath(childId: string, choice: DataExportChoice): string {
  const params = new URLSearchParams({ format: choice.format, lang: choice.language });
  if (choice.from) params.set('from', choice.from);
  if (choice.to) params.set('to', choice.to);
  return `/api/child/${encodeURIComponent(childId)}/export?${params.toString()}`;
}

/** The language the files are written in at first: the screen's, when the files have it; else Romanian. */
export function exportLanguageOf(screenLanguage: string): ChildExportLanguage {
  return screenLanguage.toLowerCase().startsWith('en') ? 'en' : 'ro';
}
