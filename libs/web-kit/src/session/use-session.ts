import { useGetSessionQuery } from './session-api.js';
import type { SessionUser } from './session-user.js';

export type SessionStatus = 'loading' | 'logged-in' | 'logged-out';

export type Session =
  | { status: 'loading'; user: null }
  | { status: 'logged-in'; user: SessionUser }
  | { status: 'logged-out'; user: null };

/** The current session (spec §4: loading, then logged in or logged out). */
export function useSession(): Session {
  const { data, isLoading, isUninitialized } = useGetSessionQuery();
  if (isLoading || isUninitialized) return { status: 'loading', user: null };
  return data ? { status: 'logged-in', user: data } : { status: 'logged-out', user: null };
}
