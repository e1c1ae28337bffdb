/** The start (local midnight) of the viewer's calendar day of `now`, as an ISO timestamp: what "today" counts from. */
export function startOfDay(now: Date = new Date()): string {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate()).toISOString();
}

/** Whether an ISO instant falls on or after `since` (both ISO instants): an evaluation counted among today's. */
export function isSince(iso: string, since: string): boolean {
  return Date.parse(iso) >= Date.parse(since);
}
