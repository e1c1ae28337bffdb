/**
 * The start (local midnight) of the viewer's calendar day of `now`, as an ISO instant: "today" for the plan table's
 * count of trials, in the viewer's time zone (the server counts from this instant; ADR 0017).
 */
export function startOfDay(now: Date = new Date()): string {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate()).toISOString();
}

/** Whether an ISO instant falls on or after `since` (both ISO instants). */
export function isSince(iso: string, since: string): boolean {
  return Date.parse(iso) >= Date.parse(since);
}
