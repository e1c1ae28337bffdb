import type { LoginResponse } from '@aba/contracts/api';
import { isSessionUser, USER_ROLES, type SessionUser, type UserRole } from './session-user.js';

/**
 * Spec §4: "Login stores the user's email and role locally; logout clears the user." What the last
 * login answered is kept in localStorage under {@link STORED_USER_KEY}; the first child's id comes along
 * so a logged-in user who opens /login again is sent where the login sent them.
 * It is a convenience record only: the session cookie (checked by `/api/get-session`) is the truth.
 */
export interface StoredUser {
  email: string;
  role: UserRole;
  child_id: string | null;
}

export const STORED_USER_KEY = 'aba.user';

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // storage disabled (privacy mode)
  }
}

/** Shape check of a stored record (anything else, e.g. a value from an older version, is ignored). */
export function parseStoredUser(raw: string | null | undefined): StoredUser | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Record<string, unknown> | null;
    if (typeof value !== 'object' || value === null) return null;
    const { email, role, child_id: childId } = value;
    if (typeof email !== 'string' || email === '') return null;
    if (typeof role !== 'string' || !(USER_ROLES as readonly string[]).includes(role)) return null;
    return {
      email,
      role: role as UserRole,
      child_id: typeof childId === 'string' && childId !== '' ? childId : null,
    };
  } catch {
    return null;
  }
}

/** The user the last login stored on this browser, if any. */
export function readStoredUser(): StoredUser | null {
  try {
    return parseStoredUser(storage()?.getItem(STORED_USER_KEY));
  } catch {
    return null;
  }
}

/** Remembers a successful login's answer. */
export function storeLoggedInUser(
  response: Pick<LoginResponse, 'email' | 'role'> & { child_id?: string | null },
): void {
  const record: StoredUser = {
    email: response.email,
    role: response.role,
    child_id: response.child_id ?? null,
  };
  try {
    storage()?.setItem(STORED_USER_KEY, JSON.stringify(record));
  } catch {
    // storage full or disabled: nothing to remember, nothing breaks
  }
}

/**
 * The last session the server confirmed (`/api/get-session`'s answer), so the app opens for its user with no network
 * (ADR 0039): the cookie cannot be checked then, and what the user does offline waits in the outbox for the server.
 */
export const STORED_SESSION_KEY = 'aba.session';

export function storeSessionUser(user: SessionUser): void {
  try {
    storage()?.setItem(STORED_SESSION_KEY, JSON.stringify(user));
  } catch {
    // storage full or disabled: the app then needs the network to open
  }
}

/** The stored session's user, or null (none, or not a session user's shape). */
export function readStoredSessionUser(): SessionUser | null {
  try {
    const value: unknown = JSON.parse(storage()?.getItem(STORED_SESSION_KEY) ?? 'null');
    return isSessionUser(value) ? value : null;
  } catch {
    return null;
  }
}

/** Forgets the confirmed session (the server said there is none). */
export function clearStoredSession(): void {
  try {
    storage()?.removeItem(STORED_SESSION_KEY);
  } catch {
    // storage disabled
  }
}

/** Forgets the stored user and session (logout, or a session that turned out to be gone). */
export function clearStoredUser(): void {
  try {
    storage()?.removeItem(STORED_USER_KEY);
  } catch {
    // storage disabled
  }
  clearStoredSession();
}
