import type { LoginResponse } from '@aba/contracts/api';
import { USER_ROLES, type UserRole } from './session-user.js';

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
export function storeLoggedInUser(response: Pick<LoginResponse, 'email' | 'role'> & { child_id?: string | null }): void {
  const record: StoredUser = { email: response.email, role: response.role, child_id: response.child_id ?? null };
  try {
    storage()?.setItem(STORED_USER_KEY, JSON.stringify(record));
  } catch {
    // storage full or disabled: nothing to remember, nothing breaks
  }
}

/** Forgets the stored user (logout, or a session that turned out to be gone). */
export function clearStoredUser(): void {
  try {
    storage()?.removeItem(STORED_USER_KEY);
  } catch {
    // storage disabled
  }
}
