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

/** The cache of `userId`'s reads (ids are UUIDs: a safe part of a cache name). */
export function readsCacheName(userId: string): string {
  return `${READS_CACHE_PREFIX}${userId}`;
}
