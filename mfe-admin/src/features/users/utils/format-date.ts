/**
 * Register dates are shown in the en-GB format (spec §2, §9): day/month/year with two-digit day and
 * month, e.g. 22/11/2026, in the viewer's time zone unless one is given.
 */
export function formatRegisterDate(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone }).format(date);
}
