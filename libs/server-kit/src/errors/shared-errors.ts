import { ErrorMessages, type InternalIdentity } from '@aba/contracts/api';
import { Forbidden, NotFound, Unauthenticated } from './domain-error.js';

/** Failures every service answers alike, with the messages the spec quotes. */

export class NotLoggedIn extends Unauthenticated {
  constructor() {
    super(ErrorMessages.unauthenticated);
  }
}

export class AdminOnly extends Forbidden {
  constructor() {
    super(ErrorMessages.forbidden);
  }
}

export class ChildNotFound extends NotFound {
  constructor() {
    super(ErrorMessages.childNotFound);
  }
}

export class NoChildAccess extends Forbidden {
  constructor() {
    super(ErrorMessages.noChildAccess);
  }
}

/** The caller's user id; 401 for an anonymous caller (the gateway forwards none: this is defence in depth). */
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
