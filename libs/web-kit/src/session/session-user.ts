import type { SessionUser, UserRole } from '@aba/contracts/api';

export type { SessionUser, UserRole };

export const USER_ROLES: readonly UserRole[] = ['ADMIN', 'PARENT', 'THERAPIST', 'COORDINATOR'];

/**
 * Shape check of a `/api/get-session` answer. Deliberately hand-written (no zod at runtime) to keep
 * the shell's start-up bundle small; `@aba/contracts` holds the schema it mirrors.
 */
export function isSessionUser(value: unknown): value is SessionUser {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === 'string' &&
    v.id !== '' &&
    typeof v.email === 'string' &&
    typeof v.first_name === 'string' &&
    typeof v.last_name === 'string' &&
    typeof v.role === 'string' &&
    (USER_ROLES as readonly string[]).includes(v.role)
  );
}

/** Whether `user` may see content that requires `role` (one role or any of several). */
export function hasRole(
  user: SessionUser | null | undefined,
  role?: UserRole | readonly UserRole[],
): boolean {
  if (!user) return false;
  if (role === undefined) return true;
  return Array.isArray(role) ? role.includes(user.role) : user.role === role;
}
