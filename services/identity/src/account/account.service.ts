import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import type { z } from 'zod';
import {
  accountUpdateProblem,
  changePasswordProblem,
  IdentityMessages,
  type Account,
  type accountUpdateRequestSchema,
  type changePasswordRequestSchema,
  type InternalIdentity,
} from '@aba/contracts/api';
import { Subjects } from '@aba/contracts/events';
import { NotLoggedIn, OutboxRelay, OutboxService, requireUser, ValidationFailed } from '@aba/server-kit';
import { hashPassword, verifyPassword } from '../crypto/password.js';
import { hashSecretToken } from '../crypto/secret-token.js';
import { OneTimeTokens } from '../one-time-tokens/one-time-tokens.js';
import { LoginThrottle } from '../sessions/login-throttle.js';
import { Session } from '../sessions/session.entity.js';
import { User } from '../users/user.entity.js';

type AccountUpdate = z.infer<typeof accountUpdateRequestSchema>;
type PasswordChange = z.infer<typeof changePasswordRequestSchema>;

function accountOf(user: User): Account {
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    phone: user.phone,
    role: user.role,
    language: user.language,
    date_registered: user.registeredAt.toISOString(),
  };
}

/** The logged-in user's own account (issue 17): read it, and change the names, phone and language on it. */
@Injectable()
export class AccountService {
  constructor(
    @Inject(EntityManager) private readonly em: EntityManager,
    @Inject(OutboxService) private readonly outbox: OutboxService,
    @Inject(OutboxRelay) private readonly relay: OutboxRelay,
    @Inject(LoginThrottle) private readonly throttle: LoginThrottle,
    @Inject(OneTimeTokens) private readonly tokens: OneTimeTokens,
  ) {}

  async get(identity: InternalIdentity | undefined): Promise<Account> {
    return accountOf(await this.activeUser(this.em, identity));
  }

  /**
   * Saves the names, phone and language sent (trimmed; a field left out stays). A change is announced as `identity.user.updated.v1` in the same
   * transaction, so every service's copy of the names follows; saving what is already there announces nothing.
   */
  async update(identity: InternalIdentity | undefined, body: AccountUpdate): Promise<Account> {
    requireUser(identity);
    const problem = accountUpdateProblem(body);
    if (problem) throw new ValidationFailed(problem);
    return this.em.transactional(async (tx) => {
      const user = await this.activeUser(tx, identity);
      const changes = {
        firstName: body.first_name?.trim() ?? user.firstName,
        lastName: body.last_name?.trim() ?? user.lastName,
        phone: body.phone?.trim() ?? user.phone,
        language: (body.language as User['language'] | undefined) ?? user.language,
      };
      const changed = (Object.keys(changes) as (keyof typeof changes)[]).some(
        (key) => user[key] !== changes[key],
      );
      if (!changed) return accountOf(user);
      Object.assign(user, changes);
      this.outbox.add(tx, Subjects.UserUpdatedV1, {
        userId: user.id,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        role: user.role,
      });
      return accountOf(user);
    });
  }

  /**
   * Sets a new password once the current one is given. Guesses of the current one count as failed logins of the
   * account from `address` (the login's limits: a stolen session cannot try passwords faster than a login form). Every
   * other session of the account ends at once (deleted, and announced to every gateway before the answer), the one
   * in `sessionCookie` stays; an open reset link no longer works.
   */
  async changePassword(
    identity: InternalIdentity | undefined,
    sessionCookie: string | null,
    address: string,
    body: PasswordChange,
  ): Promise<void> {
    requireUser(identity);
    const problem = changePasswordProblem(body);
    if (problem) throw new ValidationFailed(problem);
    const em = this.em;
    const user = await this.activeUser(em, identity);
    const now = new Date();
    await this.throttle.admit(em, user.email, address, now);
    if (!(await verifyPassword(body.password, user.passwordHash))) {
      await this.throttle.recordFailure(em, user.email, address, now);
      throw new ValidationFailed(IdentityMessages.wrongCurrentPassword);
    }
    const passwordHash = await hashPassword(body.new_password);
    const current = sessionCookie === null ? null : hashSecretToken(sessionCookie);
    const revoked = await em.transactional(async (tx) => {
      await tx.nativeUpdate(User, { id: user.id }, { passwordHash });
      await tx.nativeDelete(Session, { userId: user.id, ...(current ? { id: { $ne: current } } : {}) });
      await this.tokens.closeForUser(tx, user.id, 'reset');
      await this.throttle.recordSuccess(tx, user.email, address, now);
      return this.outbox.add(tx, Subjects.SessionRevokedV1, { userId: user.id });
    });
    await this.relay.publishNow(revoked);
  }

  private async activeUser(em: EntityManager, identity: InternalIdentity | undefined): Promise<User> {
    const user = await em.findOne(User, { id: requireUser(identity), active: true });
    if (!user) throw new NotLoggedIn();
    return user;
  }
}
