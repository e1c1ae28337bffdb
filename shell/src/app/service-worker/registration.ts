import { externalValue } from '@aba/web-kit';
import { SERVICE_WORKER_MESSAGES, SERVICE_WORKER_NOTICES } from '@aba/web-kit/service-worker';

/** How often an open page asks whether a new version was deployed (also each time it is shown again). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/** A new version installed while this one runs, waiting for the page to let it in. */
const waitingWorker = externalValue<ServiceWorker | null>(null);
/** The worker stopped keeping copies of the child pages because the storage is full (until dismissed). */
const copiesStopped = externalValue(false);

export const useNewVersionWaiting = (): boolean => waitingWorker.useValue() !== null;

export function useCopiesStopped(): [stopped: boolean, dismiss: () => void] {
  return [copiesStopped.useValue(), () => copiesStopped.set(false)];
}

/**
 * Loads the waiting version: it takes over, then the page reloads once under it. Only on the user's word: a new
 * version never replaces the running one by itself (it would otherwise start with the next launch).
 */
export function loadNewVersion(): void {
  const worker = waitingWorker.get();
  if (!worker) return;
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
    once: true,
  });
  worker.postMessage({ type: SERVICE_WORKER_MESSAGES.activateNewVersion });
}

function watchForNewVersions(registration: ServiceWorkerRegistration): void {
  // A version waiting only matters when one already runs this page (the very first install simply takes over).
  if (registration.waiting && navigator.serviceWorker.controller) waitingWorker.set(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && navigator.serviceWorker.controller)
        waitingWorker.set(installing);
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
 * first page. Each start online, and each return online, asks it to keep the remotes' current files (they deploy on
 * their own) and the copies of the child pages fresh.
 */
export function startServiceWorker(): void {
  if (!('serviceWorker' in navigator) || process.env.NODE_ENV !== 'production') return;
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<{ type?: unknown } | null>) => {
    if (event.data?.type !== SERVICE_WORKER_NOTICES.copiesStopped) return;
    copiesStopped.set(true);
  });
  const register = () => {
    navigator.serviceWorker
      .register('/sw.js')
      .then(watchForNewVersions)
      .catch(() => undefined);
    const pageOnline = () =>
      void navigator.serviceWorker.ready.then((registration) => {
        if (navigator.onLine) registration.active?.postMessage({ type: SERVICE_WORKER_MESSAGES.pageOnline });
      });
    pageOnline();
    window.addEventListener('online', pageOnline);
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
