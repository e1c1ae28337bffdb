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
 * Whether an answer to a child read is kept as its copy: a page's data (200, JSON) only. A file the user downloads
 * (a report, the data as spreadsheets, the clinic's logo) is not: kept, it would lie on the phone and be made again
 * on the server (an audit entry each time) whenever the copies are refreshed.
 */
export function isKeptAnswer(status: number, contentType: string | null): boolean {
  return status === 200 && /^application\/json\b/i.test(contentType ?? '');
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

/** A kept copy older than this is read again from the server when a page starts online (issue 16: kept fresh). */
export const COPY_FRESH_FOR_MS = 10 * 60 * 1000;
/** A read no page of the user has asked for in this long is no longer kept (the children opened in 30 days). */
export const COPY_KEPT_FOR_MS = 30 * 24 * 60 * 60 * 1000;

/** Kept with each copy: when a page last read it (a refresh keeps it as it was), as an HTTP date. */
export const COPY_OPENED_HEADER = 'X-Copy-Opened';
/** Kept with each copy: the URL the page read it at, with the clock's parameters its key leaves out. */
export const COPY_URL_HEADER = 'X-Copy-Url';

/**
 * What a refresh does with a kept copy, from when a page last read it and when the server sent it (epoch ms; a copy
 * kept before pages' reads were dated counts as read when it was sent): drop it after 30 days unread, read it again
 * once it is 10 minutes old, else keep it.
 */
export function copyAction(
  { openedAt, sentAt }: { openedAt: number | null; sentAt: number },
  now: number,
): 'drop' | 'refresh' | 'keep' {
  const opened = openedAt ?? sentAt;
  if (!(now - opened <= COPY_KEPT_FOR_MS)) return 'drop';
  return now - sentAt < COPY_FRESH_FOR_MS ? 'keep' : 'refresh';
}
