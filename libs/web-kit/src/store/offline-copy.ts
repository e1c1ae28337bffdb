import { useSyncExternalStore } from 'react';

/**
 * How old the data on screen is when reads were answered from the phone's copy (the service worker's, ADR 0039):
 * the server's time of the oldest copy used since the server last answered a read itself, or null.
 */
let oldestCopyAt: number | null = null;
const listeners = new Set<() => void>();

function changeTo(value: number | null): void {
  if (value === oldestCopyAt) return;
  oldestCopyAt = value;
  for (const listener of listeners) listener();
}

/** Notes a read's answer: `copyOf` is the copy's server time (an HTTP date), or null for an answer from the server. */
export function noteReadAnswer(copyOf: string | null): void {
  if (copyOf === null) return changeTo(null);
  const at = Date.parse(copyOf);
  if (Number.isNaN(at)) return;
  changeTo(oldestCopyAt === null ? at : Math.min(oldestCopyAt, at));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The time (ms) of the oldest copy of data on screen, or null when what is shown came from the server. */
export function useOfflineCopyTime(): number | null {
  return useSyncExternalStore(
    subscribe,
    () => oldestCopyAt,
    () => null,
  );
}
