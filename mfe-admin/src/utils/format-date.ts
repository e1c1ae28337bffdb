/**
 * Dates of the admin tables (users' register date, subscriptions' creation and last update) are shown in the
 * en-GB format (spec §2, §9): day/month/year with two-digit day and month, e.g. 22/11/2026, in the viewer's
 * time zone unless one is given. A value that is not a date is shown as it is.
 */
export function formatDate(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('en-GB', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone,
  }).format(date);
}
