import { useCallback, useSyncExternalStore } from 'react';

/** Below this width (the sidebar's breakpoint, spec §9) capture tables become stacked cards. */
export const NARROW_SCREEN = '(max-width: 767px)';

/** Whether the media query matches now, following changes (rotating the phone, resizing the window). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
