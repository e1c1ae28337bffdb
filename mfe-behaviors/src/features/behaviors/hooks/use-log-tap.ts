import { useCallback, useRef, useState } from 'react';
import { isDoubleTap } from '../utils/double-tap.js';

export interface TappedBehavior {
  id: string;
  name: string;
}

/**
 * Taps on Log: each is logged at once, except a second tap on the same behaviour within `DOUBLE_TAP_MS`, which is
 * held in `asking` until the user answers whether it was a second occurrence (`answer(true)` logs it). A tap is timed
 * by its event (`tappedAt`, the `performance.now()` clock), not by when a busy phone got round to handling it.
 */
export function useLogTap(log: (behavior: TappedBehavior) => void) {
  const lastTaps = useRef(new Map<string, number>());
  const [asking, setAsking] = useState<TappedBehavior | null>(null);

  const tap = useCallback(
    (behavior: TappedBehavior, tappedAt: number = performance.now()) => {
      const previous = lastTaps.current.get(behavior.id);
      lastTaps.current.set(behavior.id, tappedAt);
      if (isDoubleTap(previous, tappedAt)) setAsking(behavior);
      else log(behavior);
    },
    [log],
  );

  const answer = useCallback(
    (twoOccurrences: boolean) => {
      if (!asking) return;
      if (twoOccurrences) log(asking);
      // The question took time: the next tap is judged from now.
      lastTaps.current.set(asking.id, performance.now());
      setAsking(null);
    },
    [asking, log],
  );

  return { tap, asking, answer };
}
