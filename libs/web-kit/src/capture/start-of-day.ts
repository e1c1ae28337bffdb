/** The start (local midnight) of the viewer's calendar day of `now`, as an ISO timestamp: what "today" counts from. */
export function startOfDay(now: Date = new Date()): string {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate()).toISOString();
}
