/**
 * The reads of the child pages a user can open with no network (ADR 0039): the child, its plans and sub-plans with
 * their items and latest answers, behaviours and ABC lists, sessions, progress. Kept per user, and only for the
 * user the page says is logged in, so another user of the same phone never reads them.
 */
const CHILD_READS = /^\/api\/(?:child|behavior|list|sub-plan|sub-plan-item|item)\//;

export const READS_CACHE_PREFIX = 'aba-reads-';

/** Not the live stream (`/api/child/{id}/live`, ADR 0040): it never ends, so it is never kept. */
export function isChildRead(url: URL, method: string): boolean {
  return method === 'GET' && CHILD_READS.test(url.pathname) && !url.pathname.endsWith('/live');
}

/**
 * Parameters a page derives from the clock (the viewer's midnight for today's counts, a chart's or a list's date
 * range): a read keeps one copy whatever they were, so a page opened yesterday still opens offline today, from the
 * copy the notice dates.
 */
const CLOCK_PARAMETERS = ['since', 'from', 'to'];

/** The key of a read's copy: its URL without the clock's parameters. */
export function copyKeyOf(url: string): string {
  const key = new URL(url);
  for (const name of CLOCK_PARAMETERS) key.searchParams.delete(name);
  return key.href;
}

/** The cache of `userId`'s reads (ids are UUIDs: a safe part of a cache name). */
export function readsCacheName(userId: string): string {
  return `${READS_CACHE_PREFIX}${userId}`;
}
