import type { Child } from '@aba/contracts/api';
import { createContext, useContext, type ReactNode } from 'react';

/**
 * The child whose pages are open (`/child/:id/…`), as the shell's child frame read it from
 * GET /api/child/{id}: `{ id, first_name, last_name, date_of_birth, relation }`. Remotes rendered inside the
 * frame read it with `useCurrentChild()` (e.g. `mayOnChild(child?.relation, 'edit')` from
 * `@aba/contracts/api` to hide controls) instead of fetching the child again.
 */
const CurrentChildContext = createContext<Child | null>(null);

/** Provided by the shell's child frame once the child has loaded. */
export function CurrentChildProvider({ child, children }: { child: Child; children: ReactNode }) {
  return <CurrentChildContext.Provider value={child}>{children}</CurrentChildContext.Provider>;
}

/** The open child, or null outside the child frame (or while it loads). */
export function useCurrentChild(): Child | null {
  return useContext(CurrentChildContext);
}
