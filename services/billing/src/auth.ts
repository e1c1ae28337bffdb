import type { InternalIdentity } from '@aba/contracts/api';
import { AdminOnly, NotLoggedIn } from './errors.js';

/** The caller's user id; 401 for an anonymous caller (the gateway already refuses them, this is defence in depth). */
export function requireUser(identity: InternalIdentity | undefined): string {
  if (!identity?.userId) throw new NotLoggedIn();
  return identity.userId;
}

/** The caller's user id when they are a platform ADMIN; 401 anonymous, 403 anyone else. */
export function requireAdmin(identity: InternalIdentity | undefined): string {
  const userId = requireUser(identity);
  if (identity?.role !== 'ADMIN') throw new AdminOnly();
  return userId;
}
