import {
  childApi,
  loadRemoteModule,
  readOnce,
  THROUGH_THE_NETWORK,
  type AppDispatch,
  type RemoteRoutesModule,
} from '@aba/web-kit';
import { childrenApi } from '../../features/child/api/children-api.js';

/** The remotes whose pages show a child, each naming its reads (`keepChildCopies`). */
const CHILD_REMOTES = ['plans', 'behaviors'] as const;
/** How often a phone reads every child of its user's team; the worker keeps the copies fresh in between. */
const EVERY_MS = 24 * 60 * 60 * 1000;
const keptKey = (userId: string) => `aba-team-copies:${userId}`;

function due(userId: string, now: number): boolean {
  try {
    const last = Date.parse(localStorage.getItem(keptKey(userId)) ?? '');
    return Number.isNaN(last) || now - last >= EVERY_MS;
  } catch {
    return true;
  }
}

function noteKept(userId: string, now: number): void {
  try {
    localStorage.setItem(keptKey(userId), new Date(now).toISOString());
  } catch {
    // Storage refused: the next start reads them again.
  }
}

/** Resolves once a service worker runs this page (false if none takes over within 30 s). */
async function runByServiceWorker(): Promise<boolean> {
  await navigator.serviceWorker.ready;
  if (navigator.serviceWorker.controller) return true;
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), 30_000);
    navigator.serviceWorker.addEventListener(
      'controllerchange',
      () => {
        clearTimeout(timer);
        resolve(true);
      },
      { once: true },
    );
  });
}

/**
 * Reads the pages of every child on the user's team as those pages read them (the child's record, then each remote's
 * `keepChildCopies`), so that the service worker keeps a copy of each, and a child this phone never opened opens
 * offline too (issue 16, ADR 0039). Only where a service worker runs the page and the phone is online; at most once
 * a day per user; one child after the other.
 */
export async function keepTeamChildCopies(dispatch: AppDispatch, userId: string): Promise<void> {
  if (!('serviceWorker' in navigator) || process.env.NODE_ENV !== 'production') return;
  if (!(await runByServiceWorker()) || !navigator.onLine || !due(userId, Date.now())) return;
  const children = await readOnce(
    dispatch(childrenApi.endpoints.childList.initiate(undefined, THROUGH_THE_NETWORK)),
  );
  if (!children) return;
  const remotes = await Promise.all(
    CHILD_REMOTES.map((name) =>
      loadRemoteModule<RemoteRoutesModule>(`${name}/routes`).catch(() => undefined),
    ),
  );
  for (const child of children) {
    await readOnce(dispatch(childApi.endpoints.child.initiate(child.id, THROUGH_THE_NETWORK)));
    for (const remote of remotes) await remote?.keepChildCopies?.(dispatch, child.id).catch(() => undefined);
  }
  noteKept(userId, Date.now());
}
