import { Injectable } from '@nestjs/common';
import { LockMode, type EntityManager } from '@mikro-orm/core';
import type { EventPayload, Subjects } from '@aba/contracts/events';
import { sqlRows } from '@aba/server-kit';
import { hashSecretToken, newSecretToken } from '../crypto/secret-token.js';
import { OneTimeToken, type TokenKind } from './one-time-token.entity.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** How long an e-mailed link works. */
export const TOKEN_LIFETIME_MS: Record<TokenKind, number> = {
  activation: 7 * DAY_MS,
  reset: HOUR_MS,
  invite: 14 * DAY_MS,
  'email-change': DAY_MS,
};

type InviteDetails = Omit<EventPayload<typeof Subjects.HelperInvitedV1>, 'email'>;

export type TokenSubject =
  | { kind: 'activation' | 'reset'; userId: string }
  | { kind: 'email-change'; userId: string; email: string }
  | ({ kind: 'invite'; email: string } & InviteDetails);

/** True when a token row exists, is unused and has not expired at `now`. */
export function isUsable(token: OneTimeToken | null, now: Date): token is OneTimeToken {
  return token !== null && token.usedAt == null && token.expiresAt.getTime() > now.getTime();
}

/** Single-use links: 32 random bytes in the link, only their sha256 in the database. */
@Injectable()
export class OneTimeTokens {
  /** Records a new token in the caller's unit of work and returns the secret for the link. */
  issue(em: EntityManager, subject: TokenSubject, now: Date = new Date()): string {
    const secret = newSecretToken();
    em.persist(
      em.create(OneTimeToken, {
        id: hashSecretToken(secret),
        kind: subject.kind,
        userId: subject.kind === 'invite' ? null : subject.userId,
        email: subject.kind === 'invite' || subject.kind === 'email-change' ? subject.email : null,
        childId: subject.kind === 'invite' ? subject.childId : null,
        accessType: subject.kind === 'invite' ? subject.accessType : null,
        invitedBy: subject.kind === 'invite' ? subject.invitedBy : null,
        createdAt: now,
        expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS[subject.kind]),
        usedAt: null,
      }),
    );
    return secret;
  }

  /** The usable token of this kind behind a secret, or null. */
  async find(
    em: EntityManager,
    secret: string,
    kind: TokenKind,
    now: Date = new Date(),
  ): Promise<OneTimeToken | null> {
    const token = await em.findOne(OneTimeToken, { id: hashSecretToken(secret), kind });
    return isUsable(token, now) ? token : null;
  }

  /**
   * Inside a transaction: locks the token, and marks it used when it is usable. Returns it, or null when it is
   * unknown, used or expired. Two concurrent uses of one link: the second waits for the first and gets null.
   */
  async consume(
    em: EntityManager,
    secret: string,
    kind: TokenKind,
    now: Date = new Date(),
  ): Promise<OneTimeToken | null> {
    const token = await em.findOne(
      OneTimeToken,
      { id: hashSecretToken(secret), kind },
      { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true },
    );
    if (!isUsable(token, now)) return null;
    token.usedAt = now;
    return token;
  }

  /** How many tokens of a kind were issued to a user since `since`, used or not. */
  issuedSince(em: EntityManager, userId: string, kind: TokenKind, since: Date): Promise<number> {
    return em.count(OneTimeToken, { userId, kind, createdAt: { $gt: since } });
  }

  /** Closes every other open token of a kind for a user (a new reset link replaces the old ones). */
  async closeForUser(
    em: EntityManager,
    userId: string,
    kind: TokenKind,
    now: Date = new Date(),
  ): Promise<void> {
    await em.nativeUpdate(OneTimeToken, { userId, kind, usedAt: null }, { usedAt: now });
  }

  /**
   * Closes the open invites sent for a child: every one, or the one to `email` (the invitation ended); those not
   * mailed yet are dropped (`PendingInviteMails`).
   */
  async closeChildInvites(
    em: EntityManager,
    childId: string,
    email?: string,
    now: Date = new Date(),
  ): Promise<void> {
    // First, as it waits for an e-mail being sent to end: the token that e-mail carries is then closed too.
    await sqlRows(
      em,
      `delete from "pending_invite_mail" where "child_id" = ?${email ? ' and "email" = ?' : ''}`,
      email ? [childId, email] : [childId],
    );
    await em.nativeUpdate(
      OneTimeToken,
      { kind: 'invite', childId, ...(email ? { email } : {}), usedAt: null },
      { usedAt: now },
    );
  }

  /** Closes the open invites of an e-mail (it now has an account), mailed or not yet. */
  async closeInvites(em: EntityManager, email: string, now: Date = new Date()): Promise<void> {
    await sqlRows(em, 'delete from "pending_invite_mail" where "email" = ?', [email]);
    await em.nativeUpdate(OneTimeToken, { email, kind: 'invite', usedAt: null }, { usedAt: now });
  }
}
