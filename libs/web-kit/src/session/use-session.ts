import { useGetSessionQuery } from './session-api.js';
import type { SessionUser } from './session-user.js';

export type SessionStatus = 'loading' | 'logged-in' | 'logged-out';

export type Session =
  | { status: 'loading'; user: null }
  | { status: 'logged-in'; user: SessionUser }
  | { status: 'logged-out'; user: null };

/** The parts of the `getSession` query state the session depends on. */
export interface SessionQueryState {
  data?: SessionUser | null;
  isLoading: boolean;
  isUninitialized: boolean;
  isFetching: boolean;
}

/**
 * Pure mapping from the query state to the session. While the session is read again after having said
 * "logged out" (right after a login) it counts as loading: a protected page opened by the login redirect
 * waits for the new answer instead of sending the user back to /login. A re-read while logged in keeps
 * the user.
 */
export function sessionFromQuery({ data, isLoading, isUninitialized, isFetching }: SessionQueryState): Session {
  if (isLoading || isUninitialized || (isFetching && !data)) return { status: 'loading', user: null };
  return data ? { status: 'logged-in', user: data } : { status: 'logged-out', user: null };
}

/** The current session (spec §4: loading, then logged in or logged out). */
export function useSession(): Session {
  return sessionFromQuery(useGetSessionQuery());
}
