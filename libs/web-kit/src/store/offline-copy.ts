import { externalValue } from './external-value.js';

/**
 * How old the data on screen is when reads were answered from the phone's copy (the service worker's, ADR 0039):
 * the server's time of the oldest copy used since the server last answered a read itself, or null.
 */
const oldestCopyAt = externalValue<number | null>(null);

/** Notes a read's answer: `copyOf` is the copy's server time (an HTTP date), or null for an answer from the server. */
export function noteReadAnswer(copyOf: string | null): void {
  if (copyOf === null) return oldestCopyAt.set(null);
  const at = Date.parse(copyOf);
  if (Number.isNaN(at)) return;
  const oldest = oldestCopyAt.get();
  oldestCopyAt.set(oldest === null ? at : Math.min(oldest, at));
}

/** The time (ms) of the oldest copy of data on screen, or null when what is shown came from the server. */
export const useOfflineCopyTime = (): number | null => oldestCopyAt.useValue();
