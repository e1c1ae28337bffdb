import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/core';
import { LoginFailure } from './login-failure.entity.js';
import {
  LOGIN_RATE_LIMIT,
  limitReached,
  windowStart,
  type LoginRateLimitPolicy,
} from './login-rate-limit.js';

/** Counts failed logins in Postgres, so every replica applies the same limits. */
@Injectable()
export class LoginThrottle {
  readonly policy: LoginRateLimitPolicy = LOGIN_RATE_LIMIT;

  /** Whether an attempt for this account from this address must be refused before its password is checked. */
  async isLimited(em: EntityManager, account: string, ip: string, now: Date = new Date()): Promise<boolean> {
    const since = windowStart(now, this.policy);
    const accountFailures = await em.count(LoginFailure, {
      scope: 'account',
      key: account,
      failedAt: { $gt: since },
    });
    const ipFailures = await em.count(LoginFailure, { scope: 'ip', key: ip, failedAt: { $gt: since } });
    return limitReached({ account: accountFailures, ip: ipFailures }, this.policy) !== null;
  }

  async recordFailure(em: EntityManager, account: string, ip: string, now: Date = new Date()): Promise<void> {
    await em.insertMany(LoginFailure, [
      { scope: 'account', key: account, failedAt: now },
      { scope: 'ip', key: ip, failedAt: now },
    ]);
  }

  /** A successful login (or a new password) clears the account's failures; the address keeps its count. */
  async clearAccount(em: EntityManager, account: string): Promise<void> {
    await em.nativeDelete(LoginFailure, { scope: 'account', key: account });
  }

  /** Forgets failures too old to count. */
  async purge(em: EntityManager, now: Date = new Date()): Promise<number> {
    return em.nativeDelete(LoginFailure, { failedAt: { $lte: windowStart(now, this.policy) } });
  }
}
