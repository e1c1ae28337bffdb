/// <reference lib="webworker" />
// The service worker (ADR 0039): the app opens with no network. Built for the worker target by rsbuild's
// `service-worker` environment; workbox-build then writes the shell's file list into `self.__WB_MANIFEST`.
import { clientsClaim, registerQuotaErrorCallback, type RouteHandlerCallbackOptions } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { isHashedAsset, remoteAssetUrls, remoteLocaleUrls, type RemoteManifest } from './remote-assets.js';
import {
  OFFLINE_COPY_HEADER,
  SERVICE_WORKER_MESSAGES,
  SERVICE_WORKER_NOTICES,
} from '@aba/web-kit/service-worker';
import {
  COPY_OPENED_HEADER,
  COPY_URL_HEADER,
  copyAction,
  copyKeyOf,
  isChildRead,
  isKeptAnswer,
  READS_CACHE_PREFIX,
  readsCacheName,
} from './child-reads.js';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<string | { url: string; revision: string | null }>;
};

/** The remotes' files (content-hashed, so a kept copy is always right). */
const ASSETS_CACHE = 'aba-assets';
/** Files read by name whose content changes: where the remotes are, their manifests, the translations. */
const RUNTIME_CACHE = 'aba-runtime';
/** A page online asks for the remotes' files to be kept; more often than this it is the same answer. */
const KEEP_REMOTES_EVERY_MS = 10 * 60 * 1000;
/** How long a page or a manifest may take before the kept copy is used instead (a "lie-fi" connection). */
const NETWORK_TIMEOUT_SECONDS = 4;

// Only /index.html itself: "/" is a page like any other (below), answered by the server while it answers.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
cleanupOutdatedCaches();
clientsClaim();

/** Pages come from the server while it answers (its index.html carries the current CSP); offline, the kept shell. */
async function openPage({ request }: { request: Request }): Promise<Response> {
  try {
    const response = await fetch(request, { signal: AbortSignal.timeout(NETWORK_TIMEOUT_SECONDS * 1000) });
    if (response.status < 500) return response;
  } catch {
    // no network, or too slow: the kept shell below
  }
  return (await matchPrecache('/index.html')) ?? Response.error();
}
registerRoute(new NavigationRoute(openPage, { denylist: [/^\/api\//] }));

registerRoute(
  ({ url, request }) => isHashedAsset(url.pathname) && ['script', 'style'].includes(request.destination),
  new CacheFirst({ cacheName: ASSETS_CACHE }),
);

function isReadByName(url: URL): boolean {
  return (
    url.pathname === '/remotes.json' ||
    url.pathname === '/config.json' ||
    url.pathname.endsWith('/mf-manifest.json') ||
    url.pathname.startsWith('/locales/')
  );
}
registerRoute(
  ({ url }) => isReadByName(url),
  new NetworkFirst({ cacheName: RUNTIME_CACHE, networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS }),
);

/** Set when the browser's storage filled up: until the worker restarts, reads are no longer kept. */
let copiesStopped = false;

/** `response` with `headers` set (a kept answer's body is read once, so it moves to the new response). */
function withHeaders(response: Response, headers: Record<string, string>): Response {
  const all = new Headers(response.headers);
  for (const [name, value] of Object.entries(headers)) all.set(name, value);
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers: all,
  });
}

/** Marks a copy served from the phone with when the server sent it, so the page can say how old it is. */
const markedAsCopy = (response: Response): Response =>
  withHeaders(response, { [OFFLINE_COPY_HEADER]: response.headers.get('Date') ?? new Date().toUTCString() });

/** The server's answer as a copy to keep: with when a page read it and the URL it was read at. */
const asCopy = (response: Response, openedAt: string, url: string): Response =>
  withHeaders(response, { [COPY_OPENED_HEADER]: openedAt, [COPY_URL_HEADER]: url });

/** How the logged-in user's reads are answered and kept (in `cacheName`), or null when no copy is kept. */
function childReadsIn(cacheName: string | null): NetworkFirst | null {
  if (!cacheName) return null;
  return new NetworkFirst({
    cacheName,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [
      {
        cacheKeyWillBeUsed: async ({ request }) => copyKeyOf(request.url),
        cacheWillUpdate: async ({ request, response }) =>
          isKeptAnswer(response.status, response.headers.get('Content-Type'))
            ? asCopy(response, new Date().toUTCString(), request.url)
            : null,
        cachedResponseWillBeUsed: async ({ cachedResponse }) =>
          cachedResponse && markedAsCopy(cachedResponse),
      },
    ],
  });
}

/** The cache of the current user's copies (null: none kept); undefined until looked up once after a (re)start. */
let userCopies: string | null | undefined;
let childReads: NetworkFirst | null = null;

function keepCopiesIn(cacheName: string | null): void {
  userCopies = cacheName;
  childReads = childReadsIn(cacheName);
}

async function currentCopies(): Promise<string | null> {
  if (userCopies === undefined) {
    const kept = (await caches.keys()).find((name) => name.startsWith(READS_CACHE_PREFIX)) ?? null;
    keepCopiesIn(copiesStopped ? null : kept);
  }
  return userCopies ?? null;
}

/** Keeps only `userId`'s copy (none after logout): a user never reads another's copy of the child pages. */
async function setUser(userId: string | null): Promise<void> {
  const keep = userId === null || copiesStopped ? null : readsCacheName(userId);
  for (const name of await caches.keys()) {
    if (name.startsWith(READS_CACHE_PREFIX) && name !== keep) await caches.delete(name);
  }
  if (keep) await caches.open(keep);
  keepCopiesIn(keep);
}

/**
 * The storage is full: the copies of the child pages go (their room is what the outbox needs for captures), no new
 * copy is made, and every page says so. Captures are never stopped: the outbox (IndexedDB) is the page's.
 */
registerQuotaErrorCallback(async () => {
  copiesStopped = true;
  await setUser(null);
  for (const client of await self.clients.matchAll({ type: 'window' })) {
    client.postMessage({ type: SERVICE_WORKER_NOTICES.copiesStopped });
  }
});

/** The child pages' reads: the server's answer while it answers (kept as the copy), the copy offline. */
async function readChildData({ request, event }: RouteHandlerCallbackOptions): Promise<Response> {
  await currentCopies();
  return childReads ? childReads.handle({ request, event }) : fetch(request);
}
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && isChildRead(url, request.method),
  readChildData,
);

/**
 * Keeps the user's copies fresh while online, so a child page opens offline with what the team recorded since it was
 * last opened: each copy 10 minutes old is read again at the URL its page read it at (a page's later read keeps it
 * current anyway), one unread for 30 days is dropped, and one the server no longer gives this user (403, 404: the
 * child deleted, the user off its team) or that is not a page's data (a file an older worker kept) goes. No answer, a server error or a lost session stop the round; the copies
 * stay as they are.
 */
async function keepCopiesFresh(): Promise<void> {
  const cacheName = await currentCopies();
  if (!cacheName) return;
  const cache = await caches.open(cacheName);
  for (const key of await cache.keys()) {
    const copy = await cache.match(key);
    if (!copy) continue;
    // A file kept before files were left out (a report, an export): refreshing it would make it again. It goes.
    if (!isKeptAnswer(copy.status, copy.headers.get('Content-Type'))) {
      await cache.delete(key);
      continue;
    }
    const opened = copy.headers.get(COPY_OPENED_HEADER);
    const sentAt = Date.parse(copy.headers.get('Date') ?? '');
    const action = copyAction({ openedAt: opened === null ? null : Date.parse(opened), sentAt }, Date.now());
    if (action === 'drop') await cache.delete(key);
    if (action !== 'refresh') continue;
    const url = copy.headers.get(COPY_URL_HEADER) ?? key.url;
    const response = await fetch(url, { credentials: 'same-origin' }).catch(() => null);
    // Another user logged in meanwhile: this cache is no longer theirs to fill.
    if (!response || response.status === 401 || response.status >= 500 || userCopies !== cacheName) return;
    if (isKeptAnswer(response.status, response.headers.get('Content-Type'))) {
      await cache.put(key, asCopy(response, opened ?? new Date(sentAt).toUTCString(), url));
    } else if (response.status === 200 || response.status === 403 || response.status === 404) {
      await cache.delete(key);
    }
  }
}

let freshening: Promise<void> | null = null;
const keepCopiesFreshOnce = (): Promise<void> =>
  (freshening ??= keepCopiesFresh()
    .catch(() => undefined)
    .finally(() => {
      freshening = null;
    }));

async function fetchAndKeep(cache: Cache, url: string): Promise<Response> {
  const response = await fetch(url, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  await cache.put(url, response.clone());
  return response;
}

/**
 * Keeps every remote's current files (and their manifests and translations) so the child pages open offline, and
 * drops files no remote names any more. Remotes deploy on their own, so this runs at install and again when a page
 * starts online (at most every 10 minutes), not only when the shell changes.
 */
let remotesKeptAt = 0;

async function keepRemotes(): Promise<void> {
  const runtime = await caches.open(RUNTIME_CACHE);
  const assets = await caches.open(ASSETS_CACHE);
  const origin = self.location.origin;
  const remotes = (await (
    await fetchAndKeep(runtime, new URL('/remotes.json', origin).href)
  ).json()) as Record<string, string>;
  const wanted = new Set<string>();
  for (const [name, location] of Object.entries(remotes)) {
    const manifestUrl = new URL(location, origin).href;
    const manifest = (await (await fetchAndKeep(runtime, manifestUrl)).json()) as RemoteManifest;
    for (const url of remoteAssetUrls(manifestUrl, manifest)) {
      wanted.add(url);
      if (!(await assets.match(url))) await assets.add(url);
    }
    await Promise.all(
      remoteLocaleUrls(origin, name).map((url) => fetchAndKeep(runtime, url).catch(() => undefined)),
    );
  }
  for (const request of await assets.keys()) {
    if (!wanted.has(request.url)) await assets.delete(request);
  }
  remotesKeptAt = Date.now();
}

self.addEventListener('install', (event) => {
  // A remote that cannot be reached now must not stop the shell from installing: the next start fills the gap.
  event.waitUntil(keepRemotes().catch(() => undefined));
});

self.addEventListener('message', (event) => {
  const type = (event.data as { type?: unknown } | null)?.type;
  if (type === SERVICE_WORKER_MESSAGES.activateNewVersion) void self.skipWaiting();
  if (type === SERVICE_WORKER_MESSAGES.pageOnline) {
    if (Date.now() - remotesKeptAt >= KEEP_REMOTES_EVERY_MS)
      event.waitUntil(keepRemotes().catch(() => undefined));
    event.waitUntil(keepCopiesFreshOnce());
  }
  if (type === SERVICE_WORKER_MESSAGES.user) {
    const userId = (event.data as { userId?: unknown }).userId;
    event.waitUntil(setUser(typeof userId === 'string' && userId !== '' ? userId : null));
  }
});
