/**
 * `@aba/web-kit/service-worker`: what the pages and the shell's service worker (ADR 0039) agree on. No imports, so
 * the worker's bundle takes nothing else of web-kit.
 */

/** What a page asks its service worker (`postMessage({ type, … })`). */
export const SERVICE_WORKER_MESSAGES = {
  /** The user chose to load the waiting version now. */
  activateNewVersion: 'activate-new-version',
  /** A page started online, or came back online: keep the remotes' current files and the copies fresh. */
  pageOnline: 'page-online',
  /** Who is logged in (`userId`, or null after logout): only that user's copy of the child pages is kept. */
  user: 'user',
} as const;

/** What the service worker tells its pages (`postMessage({ type })`). */
export const SERVICE_WORKER_NOTICES = {
  /** The browser's storage is full: the worker stopped keeping copies of the child pages (captures go on being kept). */
  copiesStopped: 'copies-stopped',
} as const;

/** A read answered from the phone's copy carries, in this header, when the server sent that copy (an HTTP date). */
export const OFFLINE_COPY_HEADER = 'X-Offline-Copy';
