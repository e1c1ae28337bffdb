import { useSyncExternalStore } from 'react';
import { SERVICE_WORKER_MESSAGES, SERVICE_WORKER_NOTICES } from '@aba/web-kit/service-worker';

/** How often an open page asks whether a new version was deployed (also each time it is shown again). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/** What the layout shows of the worker: a new version waiting, copies of the child pages stopped (storage full). */
let waiting: ServiceWorker | null = null;
let copiesStopped = false;
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

function setWaiting(worker: ServiceWorker): void {
  waiting = worker;
  changed();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether a new version is installed and waits for this page to let it in. */
export function useNewVersionWaiting(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => waiting !== null,
    () => false,
  );
}

/** Whether the worker stopped keeping copies of the child pages because the storage is full (until dismissed). */
export function useCopiesStopped(): [stopped: boolean, dismiss: () => void] {
  const stopped = useSyncExternalStore(
    subscribe,
    () => copiesStopped,
    () => false,
  );
  return [
    stopped,
    () => {
      copiesStopped = false;
      changed();
    },
  ];
}

/**
 * Loads the waiting version: it takes over, then the page reloads once under it. Only on the user's word: a new
 * version never replaces the running one by itself (it would otherwise start with the next launch).
 */
export function loadNewVersion(): void {
  const worker = waiting;
  if (!worker) return;
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
    once: true,
  });
  worker.postMessage({ type: SERVICE_WORKER_MESSAGES.activateNewVersion });
}

function watchForNewVersions(registration: ServiceWorkerRegistration): void {
  // A version waiting only matters when one already runs this page (the very first install simply takes over).
  if (registration.waiting && navigator.serviceWorker.controller) setWaiting(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && navigator.serviceWorker.controller) setWaiting(installing);
    });
  });
  const checkForUpdate = () => void registration.update().catch(() => undefined);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') checkForUpdate();
  });
  setInterval(checkForUpdate, UPDATE_CHECK_MS);
}

/** Tells the service worker who is logged in (null: nobody), so it keeps only that user's copy of the child pages. */
export function tellServiceWorkerTheUser(userId: string | null): void {
  if (!('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.ready.then((registration) =>
    registration.active?.postMessage({ type: SERVICE_WORKER_MESSAGES.user, userId }),
  );
}

/**
 * Installs the service worker (`/sw.js`, ADR 0039) once the page has loaded, so its downloads never compete with the
 * first page. While online, each start asks it to keep the remotes' current files (they deploy on their own).
 */
export function startServiceWorker(): void {
  if (!('serviceWorker' in navigator) || process.env.NODE_ENV !== 'production') return;
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<{ type?: unknown } | null>) => {
    if (event.data?.type !== SERVICE_WORKER_NOTICES.copiesStopped) return;
    copiesStopped = true;
    changed();
  });
  const register = () => {
    navigator.serviceWorker
      .register('/sw.js')
      .then(watchForNewVersions)
      .catch(() => undefined);
    void navigator.serviceWorker.ready.then((registration) => {
      if (navigator.onLine) registration.active?.postMessage({ type: SERVICE_WORKER_MESSAGES.keepRemotes });
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
