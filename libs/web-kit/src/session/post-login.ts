import type { SessionUser } from './session-user.js';
import { readStoredUser, type StoredUser } from './stored-user.js';

/**
 * Navigation state /login understands:
 * - `from`: where the user was going (set by `ProtectedRoute`); the login returns there;
 * - `message`: a success text for the green banner (registration, activation, password reset);
 * - `error`: an error text for the red banner (invalid reset link, failed activation).
 * Texts are the server's English messages; /login translates them (so they follow the language switch).
 */
export interface LoginPageState {
  from?: string;
  message?: string;
  error?: string;
}

/** Pages that must never be the place a login "returns" to (they would loop or make no sense). */
const NOT_A_RETURN_PATH = /^\/(login|register|reset-password|token)(\/|\?|#|$)/;

/** Whether `path` is a same-site path a login may return to (no other origin, no auth pages). */
export function isSafeReturnPath(path: unknown): path is string {
  if (typeof path !== 'string' || path.length > 2000) return false;
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return false;
  if ([...path].some((char) => char.charCodeAt(0) < 0x20)) return false; // control characters
  return !NOT_A_RETURN_PATH.test(path);
}

/** Reads whatever `location.state` holds into a {@link LoginPageState} (unknown fields are dropped). */
export function readLoginPageState(state: unknown): LoginPageState {
  if (typeof state !== 'object' || state === null) return {};
  const record = state as Record<string, unknown>;
  const result: LoginPageState = {};
  if (isSafeReturnPath(record.from)) result.from = record.from;
  if (typeof record.message === 'string' && record.message.trim() !== '') result.message = record.message;
  if (typeof record.error === 'string' && record.error.trim() !== '') result.error = record.error;
  return result;
}

/**
 * Spec §4, after login: the originally requested location if one was stored; otherwise, with a child,
 * that child's plan list; with none, the add-child page.
 */
export function postLoginPath({ from, childId }: { from?: string | null; childId?: string | null }): string {
  if (isSafeReturnPath(from)) return from;
  if (typeof childId === 'string' && childId.trim() !== '') {
    return `/child/${encodeURIComponent(childId.trim())}/plan/list`;
  }
  return '/child/create';
}

/**
 * The child id the last login on this browser answered, when it belongs to `user` (a logged-in user
 * opening /login or /register is sent on as that login sent them).
 */
export function rememberedChildId(
  user: Pick<SessionUser, 'email'> | null | undefined,
  stored: StoredUser | null = readStoredUser(),
): string | null {
  if (!user || !stored) return null;
  return stored.email.trim().toLowerCase() === user.email.trim().toLowerCase() ? stored.child_id : null;
}
