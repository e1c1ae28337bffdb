import {
  isSafeReturnPath,
  readStoredUser,
  type SessionUser,
  type StoredUser,
  type UserRole,
} from '@aba/web-kit';

/** Where a user with no child lands: helpers wait to be invited, the administrator has the admin pages. */
const HOME_WITHOUT_CHILD: Readonly<Record<UserRole, string>> = {
  PARENT: '/child/create',
  THERAPIST: '/child/list',
  COORDINATOR: '/child/list',
  ADMIN: '/admin/subscriptions',
};

/**
 * Spec §4, after login: the originally requested location if one was stored; otherwise, with a child, that child's
 * plan list. With none (issue 13, point 13): a parent (or an unknown role) adds a child; a therapist or coordinator sees
 * their (empty) children list, where a child appears once a family invites them; the administrator opens the
 * admin pages.
 */
export function postLoginPath({
  from,
  childId,
  role,
}: {
  from?: string | null;
  childId?: string | null;
  role?: UserRole | null;
}): string {
  if (isSafeReturnPath(from)) return from;
  if (typeof childId === 'string' && childId.trim() !== '') {
    return `/child/${encodeURIComponent(childId.trim())}/plan/list`;
  }
  return role ? HOME_WITHOUT_CHILD[role] : HOME_WITHOUT_CHILD.PARENT;
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
