import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/core';
import { retryAfterSeconds } from '@aba/server-kit';
import {
  accountSpacingMs,
  LOGIN_RATE_LIMIT,
  limitReached,
  windowStart,
  type LoginRateLimitPolicy,
  type RecentFailures,
} from './login-rate-limit.js';
import {
  countFailures,
  deleteFailuresOfAccount,
  deleteFailuresOfPair,
  deleteFailuresUpTo,
  deleteKnownAddressesUpTo,
  deletePaceOfAccount,
  deletePacesUpTo,
  failureTimeAtRank,
  insertFailure,
  msUntilNextTurn,
  saveKnownAddress,
  takeTurn,
} from './login-throttle.queries.js';
import { TooManyLoginAttempts } from './sessions.errors.js';

/**
 * Applies the login policy (`login-rate-limit.ts`) with its state in Postgres — failures, the addresses each account
 * logged in from, the account's next turn — so every replica sees the same counts and turns.
 */
@Injectable()
export class LoginThrottle {
  readonly policy: LoginRateLimitPolicy = LOGIN_RATE_LIMIT;

  /**
   * Before the password of an attempt is checked: throws TooManyLoginAttempts (with the seconds to wait) when the
   * attempt is refused; otherwise resolves once it is the attempt's turn.
   */
  async admit(em: EntityManager, account: string, address: string, now: Date = new Date()): Promise<void> {
    const failures = await this.recentFailures(em, account, address, now);
    const limit = limitReached(failures, this.policy);
    if (limit) throw new TooManyLoginAttempts(await this.secondsUntilFree(em, limit, account, address, now));
    const spacingMs = accountSpacingMs(failures, this.policy);
    if (spacingMs === 0) return;
    const waitMs = await this.waitForTurn(em, account, spacingMs);
    if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs));
  }

  async recordFailure(
    em: EntityManager,
    account: string,
    address: string,
    now: Date = new Date(),
  ): Promise<void> {
    await insertFailure(em, account, address, now);
  }

  /** A successful login: the address is known to the account from now on, and its failures there are forgotten. */
  async recordSuccess(
    em: EntityManager,
    account: string,
    address: string,
    now: Date = new Date(),
  ): Promise<void> {
    await deleteFailuresOfPair(em, account, address);
    await saveKnownAddress(em, account, address, now);
  }

  /** A new password set through the e-mailed link: the account's failures and turns start over. */
  async clearAccount(em: EntityManager, account: string): Promise<void> {
    await deleteFailuresOfAccount(em, account);
    await deletePaceOfAccount(em, account);
  }

  /** Forgets failures too old to count, turns long past and addresses not used for a long time. */
  async purge(em: EntityManager, now: Date = new Date()): Promise<void> {
    await deleteFailuresUpTo(em, windowStart(now, this.policy));
    await deletePacesUpTo(em, windowStart(now, this.policy));
    await deleteKnownAddressesUpTo(em, new Date(now.getTime() - this.policy.knownAddressMs));
  }

  private async recentFailures(
    em: EntityManager,
    account: string,
    address: string,
    now: Date,
  ): Promise<RecentFailures> {
    const row = await countFailures(
      em,
      account,
      address,
      windowStart(now, this.policy),
      new Date(now.getTime() - this.policy.knownAddressMs),
    );
    return { pair: row.pair, address: row.address, account: row.account, knownAddress: row.known };
  }

  /** Seconds until the limiting count falls below its limit: until its limit-th newest failure leaves the window. */
  private async secondsUntilFree(
    em: EntityManager,
    limit: 'pair' | 'address',
    account: string,
    address: string,
    now: Date,
  ): Promise<number> {
    const [scope, max] =
      limit === 'pair'
        ? [{ account, address }, this.policy.maxPerPair]
        : [{ address }, this.policy.maxPerAddress];
    const limiting = await failureTimeAtRank(em, scope, windowStart(now, this.policy), max - 1);
    const freeAt = limiting ? limiting.getTime() + this.policy.windowMs : now.getTime();
    return retryAfterSeconds(freeAt - now.getTime());
  }

  /**
   * Takes the account's next turn: returns how long to wait for it. Turns are handed out one `spacingMs` apart, in
   * one statement, so concurrent attempts from any address or replica each get their own. A turn further away than
   * `maxWaitMs` is not taken: the attempt is refused with the seconds until one would be close enough.
   */
  private async waitForTurn(em: EntityManager, account: string, spacingMs: number): Promise<number> {
    const waitMs = await takeTurn(em, account, spacingMs, this.policy.maxWaitMs);
    if (waitMs !== undefined) return waitMs;
    throw new TooManyLoginAttempts(
      retryAfterSeconds((await msUntilNextTurn(em, account)) - this.policy.maxWaitMs),
    );
  }
}
