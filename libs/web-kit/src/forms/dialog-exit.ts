import { useCallback, useEffect, useRef, type RefObject } from 'react';

/** Longest wait for a dialog to leave the page before the action runs anyway. */
export const DIALOG_EXIT_FALLBACK_MS = 2000;
const POLL_MS = 40;

export interface DialogExit {
  /**
   * Runs `action` once the dialog surface has left the page (call it together with `setOpen(false)`),
   * e.g. a navigation away from the page or a change that unmounts the dialog.
   */
  afterExit: (action: () => void) => void;
  /** Put on the dialog's surface: `<DialogSurface ref={surfaceRef}>`. */
  surfaceRef: RefObject<HTMLDivElement | null>;
}

/**
 * A Fluent v9 modal `Dialog` unmounted while its surface is still on the page (open, or running its exit
 * animation) leaves `aria-hidden="true"` on the app root (tabster's modalizer, microsoft/fluentui#35139):
 * the page is then invisible to screen readers and to `getByRole`. Anything that unmounts the dialog —
 * navigating after a delete, a list refresh that drops the row the dialog belongs to — must wait until
 * the surface has gone. `afterExit(action)` runs the action then (with a fallback timer).
 * The same stale attribute appears when the focus leaves the dialog for <body> while it is open — e.g. the
 * focused button becomes `disabled` while a call is sent: use `disabledFocusable` on dialog buttons.
 */
export function useDialogExit(): DialogExit {
  const surfaceRef = useRef<HTMLDivElement | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );

  const afterExit = useCallback((action: () => void) => {
    if (timer.current !== null) clearTimeout(timer.current);
    const deadline = Date.now() + DIALOG_EXIT_FALLBACK_MS;
    const check = () => {
      const surface = surfaceRef.current;
      const stillThere = surface !== null && surface.isConnected;
      if (stillThere && Date.now() < deadline) {
        timer.current = setTimeout(check, POLL_MS);
        return;
      }
      // One more turn so the modalizer has cleaned up after the surface left.
      timer.current = setTimeout(() => {
        timer.current = null;
        action();
      }, 0);
    };
    timer.current = setTimeout(check, POLL_MS);
  }, []);

  return { afterExit, surfaceRef };
}
