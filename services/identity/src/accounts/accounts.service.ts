import { Inject, Injectable } from '@nestjs/common';
import { EntityManager, MikroORM, UniqueConstraintViolationException } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  accessTypeSchema,
  IdentityMessages,
  newPasswordProblem,
  normaliseEmail,
  registrationProblem,
  registrationRoleForAccess,
  type InviteValidationResponse,
  type registerRequestSchema,
  type resetPasswordRequestSchema,
  type setPasswordRequestSchema,
  type RegistrationRole,
} from '@aba/contracts/api';
import { Subjects } from '@aba/contracts/events';
import { OutboxRelay, OutboxService } from '@aba/server-kit';
import { Background } from '../background.js';
import { hashPassword } from '../crypto/password.js';
import type { MailLanguage } from '../mail/language.js';
import { Mailer } from '../mail/mailer.js';
import { LoginThrottle } from '../sessions/login-throttle.js';
import { Session } from '../sessions/session.entity.js';
import { OneTimeTokens } from '../one-time-tokens/one-time-tokens.js';
import { User } from '../users/user.entity.js';
import { EmailTaken, InvalidInvite, InvalidLink, RegistrationRejected } from './accounts.errors.js';

type RegisterBody = z.infer<typeof registerRequestSchema>;

const HOUR_MS = 3_600_000;
/** Reset links one address may be sent in an hour. */
export const RESET_MAILS_PER_HOUR = 3;

/** Registration, activation, password reset and invites. */
@Injectable()
export class AccountsService {
  constructor(
    @Inject(EntityManager) private readonly em: EntityManager,
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(OutboxService) private readonly outbox: OutboxService,
    @Inject(OneTimeTokens) private readonly tokens: OneTimeTokens,
    @Inject(Mailer) private readonly mailer: Mailer,
    @Inject(Background) private readonly background: Background,
    @Inject(LoginThrottle) private readonly throttle: LoginThrottle,
    @Inject(OutboxRelay) private readonly relay: OutboxRelay,
  ) {}

  /**
   * A new account. Without an invite it is inactive until the e-mailed activation link is opened; with a valid
   * invite its e-mail is the invite's and it is active at once. The account is announced
   * (`identity.user.registered.v1`: therapy then resolves the address's pending invites) only once its address is
   * proven: here with an invite, otherwise on activation (ADR 0012). An unproven account never blocks the invite: its
   * link keeps working and, used, replaces that account.
   */
  async register(body: RegisterBody, language: MailLanguage): Promise<void> {
    const inviteToken = body.token?.trim() || null;
    const problem = registrationProblem(body, { emailFromInvite: inviteToken !== null });
    if (problem) throw new RegistrationRejected(problem);

    const passwordHash = await hashPassword(body.password);
    const now = new Date();
    const role: RegistrationRole = (body.role as RegistrationRole | undefined) ?? 'PARENT';

    const created = await this.em
      .transactional(async (em) => {
        let email = normaliseEmail(body.email);
        if (inviteToken) {
          const invite = await this.tokens.consume(em, inviteToken, 'invite', now);
          if (!invite?.email) throw new InvalidInvite();
          email = invite.email;
          await em.nativeDelete(User, { email, active: false });
        }
        if (await em.count(User, { email })) throw new EmailTaken();
        const user = em.create(User, {
          id: randomUUID(),
          email,
          firstName: body.first_name.trim(),
          lastName: body.last_name.trim(),
          phone: body.phone.trim(),
          role,
          passwordHash,
          active: inviteToken !== null,
          language,
          registeredAt: now,
        });
        // Tokens refer to the user by a foreign key the unit of work does not know about: insert the user first.
        await em.persist(user).flush();
        if (inviteToken) {
          await this.announce(em, user, now);
          return { user, activation: null };
        }
        return { user, activation: this.tokens.issue(em, { kind: 'activation', userId: user.id }, now) };
      })
      .catch((error: unknown) => {
        if (error instanceof UniqueConstraintViolationException) throw new EmailTaken();
        throw error;
      });

    if (created.activation) {
      this.mailer.dispatch({
        kind: 'activation',
        to: created.user.email,
        language,
        token: created.activation,
        firstName: created.user.firstName,
      });
    }
  }

  /** Opens the account behind an activation link: its address is proven, so the account is announced. */
  async activate(secret: string): Promise<void> {
    await this.em.transactional(async (em) => {
      const now = new Date();
      const token = await this.tokens.consume(em, secret, 'activation', now);
      if (!token?.userId) throw new InvalidLink();
      const user = await em.findOne(User, { id: token.userId, active: false });
      if (!user) return;
      user.active = true;
      await this.announce(em, user, now);
    });
  }

  /**
   * An account whose address is proven: its open invites are closed (therapy resolves its pending invites on the
   * announcement) and it is announced as `identity.user.registered.v1`, in the caller's transaction.
   */
  private async announce(em: EntityManager, user: User, now: Date): Promise<void> {
    await this.tokens.closeInvites(em, user.email, now);
    this.outbox.add(em, Subjects.UserRegisteredV1, {
      userId: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      role: user.role,
    });
  }

  /**
   * Answers the same whether or not the e-mail has an account; for an active account a reset link (1 hour) is
   * created and mailed in the background, so the answer takes the same time either way. An address gets at most
   * `RESET_MAILS_PER_HOUR` links an hour (more requests answer the same and mail nothing), so nobody can use the
   * form to flood a mailbox.
   */
  async requestReset(body: z.infer<typeof resetPasswordRequestSchema>): Promise<void> {
    const email = normaliseEmail(body.email);
    if (email === '') throw new RegistrationRejected(IdentityMessages.requiredFields);
    const user = await this.em.findOne(User, { email, active: true });
    if (!user) return;
    this.background.run('password reset link', async () => {
      const token = await this.orm.em.fork().transactional(async (em) => {
        const now = new Date();
        if (
          (await this.tokens.issuedSince(em, user.id, 'reset', new Date(now.getTime() - HOUR_MS))) >=
          RESET_MAILS_PER_HOUR
        )
          return null;
        await this.tokens.closeForUser(em, user.id, 'reset', now);
        return this.tokens.issue(em, { kind: 'reset', userId: user.id }, now);
      });
      if (!token) return;
      await this.mailer.send({
        kind: 'reset',
        to: user.email,
        language: user.language,
        token,
        firstName: user.firstName,
      });
    });
  }

  /** Whether a reset link can still be used. */
  async validateReset(secret: string): Promise<void> {
    if (!(await this.tokens.find(this.em, secret, 'reset'))) throw new InvalidLink();
  }

  /**
   * Sets a new password through a reset link and ends every session of the account at once, announced to every
   * gateway before the answer (`identity.session.revoked.v1`).
   */
  async resetPassword(body: z.infer<typeof setPasswordRequestSchema>): Promise<void> {
    const problem = newPasswordProblem(body.password, body.confirmedPassword);
    if (problem) throw new RegistrationRejected(problem);
    const em = this.em;
    if (!(await this.tokens.find(em, body.token, 'reset'))) throw new InvalidLink();
    const passwordHash = await hashPassword(body.password);
    const revoked = await em.transactional(async (tx) => {
      const token = await this.tokens.consume(tx, body.token, 'reset');
      if (!token?.userId) throw new InvalidLink();
      const user = await tx.findOneOrFail(User, token.userId);
      user.passwordHash = passwordHash;
      await tx.nativeDelete(Session, { userId: user.id });
      await this.tokens.closeForUser(tx, user.id, 'reset');
      await this.throttle.clearAccount(tx, user.email);
      return this.outbox.add(tx, Subjects.SessionRevokedV1, { userId: user.id });
    });
    await this.relay.publishNow(revoked);
  }

  /** The e-mail an invite was sent to and the role it invites to, while it can be used. */
  async validateInvite(secret: string): Promise<InviteValidationResponse['token']> {
    const invite = await this.tokens.find(this.em, secret, 'invite');
    if (!invite?.email) throw new InvalidInvite();
    return {
      email: invite.email,
      role: registrationRoleForAccess(accessTypeSchema.parse(invite.accessType)),
    };
  }
}
