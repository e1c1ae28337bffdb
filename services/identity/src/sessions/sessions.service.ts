import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import {
  IdentityMessages,
  normaliseEmail,
  type InternalIdentity,
  type LoginResponse,
  type loginRequestSchema,
  type ResolvedSession,
  type SessionUser,
} from '@aba/contracts/api';
import { Subjects } from '@aba/contracts/events';
import { NotLoggedIn, OutboxRelay, OutboxService, requireUser, ValidationFailed } from '@aba/server-kit';
import { hashPassword, verifyPassword } from '../crypto/password.js';
import { hashSecretToken, newSecretToken } from '../crypto/secret-token.js';
import { UserChild } from '../user-child/user-child.entity.js';
import { User } from '../users/user.entity.js';
import { LoginThrottle } from './login-throttle.js';
import { SESSION_IDLE_MS, SESSION_TOUCH_INTERVAL_MS, slidExpiry } from './session-cookie.js';
import { Session } from './session.entity.js';
import { AccountInactive, InvalidCredentials } from './sessions.errors.js';

export interface LoginResult {
  response: LoginResponse;
  /** The new session's cookie value (only its hash is stored). */
  sessionId: string;
  maxAgeSeconds: number;
}

/** Login, logout, the session behind a cookie and the logged-in user. */
@Injectable()
export class SessionsService implements OnModuleInit {
  /** Verified against when the e-mail has no account, so both cases take about as long. */
  private dummyHash!: Promise<string>;

  constructor(
    @Inject(EntityManager) private readonly em: EntityManager,
    @Inject(LoginThrottle) private readonly throttle: LoginThrottle,
    @Inject(OutboxService) private readonly outbox: OutboxService,
    @Inject(OutboxRelay) private readonly relay: OutboxRelay,
  ) {}

  onModuleInit(): void {
    this.dummyHash = hashPassword(randomBytes(16).toString('base64url'));
  }

  async login(body: z.infer<typeof loginRequestSchema>, ip: string): Promise<LoginResult> {
    const email = normaliseEmail(body.email);
    if (email === '' || body.password === '') throw new ValidationFailed(IdentityMessages.requiredFields);
    const em = this.em;
    const now = new Date();
    await this.throttle.admit(em, email, ip, now);

    const user = await em.findOne(User, { email });
    const matches = user
      ? await verifyPassword(body.password, user.passwordHash)
      : await verifyPassword(body.password, await this.dummyHash).then(() => false);
    if (!user || !matches) {
      await this.throttle.recordFailure(em, email, ip, now);
      throw new InvalidCredentials();
    }
    if (!user.active) throw new AccountInactive();

    const sessionId = newSecretToken();
    await em.transactional(async (tx) => {
      await this.throttle.recordSuccess(tx, email, ip, now);
      tx.persist(
        tx.create(Session, {
          id: hashSecretToken(sessionId),
          userId: user.id,
          createdAt: now,
          lastSeenAt: now,
          expiresAt: slidExpiry(now, now),
        }),
      );
    });
    const firstChild = await em.findOne(
      UserChild,
      { userId: user.id },
      { orderBy: { since: 'asc', childId: 'asc' }, fields: ['childId'] },
    );
    return {
      response: {
        email: user.email,
        role: user.role,
        child_id: firstChild?.childId ?? null,
        language: user.language,
      },
      sessionId,
      maxAgeSeconds: SESSION_IDLE_MS / 1000,
    };
  }

  /**
   * Ends the session behind a cookie value, at once: deleted, and its end announced to every gateway
   * (`identity.session.revoked.v1`) before the answer, so no gateway serves it from its cache afterwards.
   */
  async logout(sessionId: string | null): Promise<void> {
    if (!sessionId) return;
    const revoked = await this.em.transactional(async (em) => {
      const session = await em.findOne(Session, { id: hashSecretToken(sessionId) }, { fields: ['userId'] });
      if (!session) return null;
      await em.nativeDelete(Session, { id: hashSecretToken(sessionId) });
      return this.outbox.add(em, Subjects.SessionRevokedV1, { userId: session.userId });
    });
    if (revoked) await this.relay.publishNow(revoked);
  }

  /**
   * Who holds a session cookie (asked by the gateway): a live session of an active user. Each use slides the
   * session's expiry forward, written at most once a minute per session.
   */
  async resolve(sessionId: string): Promise<ResolvedSession> {
    const em = this.em;
    const now = new Date();
    const id = hashSecretToken(sessionId);
    const session = await em.findOne(Session, { id, expiresAt: { $gt: now } });
    if (!session) throw new NotLoggedIn();
    const user = await em.findOne(User, { id: session.userId, active: true }, { fields: ['id', 'role'] });
    if (!user) throw new NotLoggedIn();
    if (now.getTime() - session.lastSeenAt.getTime() >= SESSION_TOUCH_INTERVAL_MS) {
      await em.nativeUpdate(
        Session,
        { id, lastSeenAt: { $lte: new Date(now.getTime() - SESSION_TOUCH_INTERVAL_MS) } },
        { lastSeenAt: now, expiresAt: slidExpiry(session.createdAt, now) },
      );
    }
    return { userId: user.id, role: user.role };
  }

  /** The logged-in user the gateway vouched for. */
  async currentUser(identity: InternalIdentity | undefined): Promise<SessionUser> {
    const user = await this.em.findOne(User, { id: requireUser(identity), active: true });
    if (!user) throw new NotLoggedIn();
    return {
      id: user.id,
      email: user.email,
      first_name: user.firstName,
      last_name: user.lastName,
      role: user.role,
    };
  }

  /**
   * Seconds left on the user's session behind a cookie value, or null. Lets get-session renew the cookie so the
   * browser keeps it as long as the (sliding) session lives.
   */
  async remainingSeconds(sessionId: string | null, userId: string): Promise<number | null> {
    if (!sessionId) return null;
    const now = new Date();
    const session = await this.em.findOne(Session, {
      id: hashSecretToken(sessionId),
      userId,
      expiresAt: { $gt: now },
    });
    return session ? Math.floor((session.expiresAt.getTime() - now.getTime()) / 1000) : null;
  }
}
