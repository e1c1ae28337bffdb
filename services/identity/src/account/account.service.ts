import { Inject, Injectable } from '@nestjs/common';
import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/core';
import type { z } from 'zod';
import {
  accountUpdateProblem,
  changeEmailProblem,
  changePasswordProblem,
  IdentityMessages,
  normaliseEmail,
  type Account,
  type accountUpdateRequestSchema,
  type changeEmailRequestSchema,
  type changePasswordRequestSchema,
  type InternalIdentity,
} from '@aba/contracts/api';
import { Subjects } from '@aba/contracts/events';
import {
  NotLoggedIn,
  OutboxRelay,
  OutboxService,
  requireUser,
  TooManyRequests,
  ValidationFailed,
} from '@aba/server-kit';
import { EmailTaken, InvalidLink } from '../accounts/accounts.errors.js';
import { hashPassword } from '../crypto/password.js';
import { hashSecretToken } from '../crypto/secret-token.js';
import { OneTimeTokens } from '../one-time-tokens/one-time-tokens.js';
import { Mailer } from '../mail/mailer.js';
import { CurrentPassword } from '../sessions/current-password.js';
import { LoginThrottle } from '../sessions/login-throttle.js';
import { Session } from '../sessions/session.entity.js';
import { User } from '../users/user.entity.js';

type AccountUpdate = z.infer<typeof accountUpdateRequestSchema>;
type PasswordChange = z.infer<typeof changePasswordRequestSchema>;
type EmailChange = z.infer<typeof changeEmailRequestSchema>;

const HOUR_MS = 3_600_000;
/** How many e-mail change links an account may ask for in an hour: each one mails two addresses. */
export const EMAIL_CHANGE_MAILS_PER_HOUR = 3;

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
    @Inject(CurrentPassword) private readonly currentPassword: CurrentPassword,
    @Inject(OneTimeTokens) private readonly tokens: OneTimeTokens,
    @Inject(Mailer) private readonly mailer: Mailer,
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
      this.announceUpdate(tx, user);
      return accountOf(user);
    });
  }

  /**
   * Asks for the account's e-mail to become `body.email` once the current password is given (guesses count as failed
   * logins, as for a password change): a link valid 24 hours goes to the new address, and the current one is told. A
   * new request closes the earlier links; an account gets at most `EMAIL_CHANGE_MAILS_PER_HOUR` an hour (429). The
   * e-mail changes only when the link is opened (`confirmEmailChange`).
   */
  async requestEmailChange(
    identity: InternalIdentity | undefined,
    address: string,
    body: EmailChange,
  ): Promise<void> {
    const em = this.em;
    const user = await this.activeUser(em, identity);
    const problem = changeEmailProblem(body, user.email);
    if (problem) throw new ValidationFailed(problem);
    const now = new Date();
    await this.currentPassword.check(user, body.password, address, now);
    const email = normaliseEmail(body.email);
    if (await em.count(User, { email })) throw new EmailTaken();
    const secret = await em.transactional(async (tx) => {
      const hourAgo = new Date(now.getTime() - HOUR_MS);
      if (
        (await this.tokens.issuedSince(tx, user.id, 'email-change', hourAgo)) >= EMAIL_CHANGE_MAILS_PER_HOUR
      ) {
        throw new TooManyRequests(IdentityMessages.tooManyEmailChanges, HOUR_MS / 1000);
      }
      await this.tokens.closeForUser(tx, user.id, 'email-change', now);
      await this.throttle.recordSuccess(tx, user.email, address, now);
      return this.tokens.issue(tx, { kind: 'email-change', userId: user.id, email }, now);
    });
    const mail = { language: user.language, firstName: user.firstName };
    this.mailer.dispatch({ ...mail, kind: 'email-change', to: email, token: secret });
    this.mailer.dispatch({ ...mail, kind: 'email-change-notice', to: user.email, newEmail: email });
  }

  /**
   * Opens an e-mail change link: the account's e-mail becomes the one it was sent to, announced as
   * `identity.user.updated.v1` so every service's copy follows. 400 for a link unknown, used or expired (or whose
   * account is gone), 409 when another account took the address meanwhile.
   */
  async confirmEmailChange(secret: string): Promise<void> {
    try {
      await this.em.transactional(async (tx) => {
        const token = await this.tokens.consume(tx, secret, 'email-change');
        const user = token?.userId ? await tx.findOne(User, { id: token.userId, active: true }) : null;
        if (!token?.email || !user) throw new InvalidLink();
        if (await tx.count(User, { email: token.email, id: { $ne: user.id } })) throw new EmailTaken();
        user.email = token.email;
        // The address is proven: invitations sent to it are this account's now (therapy activates them on the event).
        await this.tokens.closeInvites(tx, token.email);
        this.announceUpdate(tx, user);
      });
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw new EmailTaken();
      throw error;
    }
  }

  /** `identity.user.updated.v1` with the account as it now is, in the caller's transaction. */
  private announceUpdate(tx: EntityManager, user: User): void {
    this.outbox.add(tx, Subjects.UserUpdatedV1, {
      userId: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      role: user.role,
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
    await this.currentPassword.check(user, body.password, address, now);
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
