import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/core';
import { retryAfterSeconds, sqlRows } from '@aba/server-kit';
import {
  accountSpacingMs,
  LOGIN_RATE_LIMIT,
  limitReached,
  windowStart,
  type LoginRateLimitPolicy,
  type RecentFailures,
} from './login-rate-limit.js';
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
    const waitMs = await this.takeTurn(em, account, spacingMs);
    if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs));
  }

  async recordFailure(
    em: EntityManager,
    account: string,
    address: string,
    now: Date = new Date(),
  ): Promise<void> {
    await sqlRows(em, `insert into "login_failure" ("account", "address", "failed_at") values (?, ?, ?)`, [
      account,
      address,
      now,
    ]);
  }

  /** A successful login: the address is known to the account from now on, and its failures there are forgotten. */
  async recordSuccess(
    em: EntityManager,
    account: string,
    address: string,
    now: Date = new Date(),
  ): Promise<void> {
    await sqlRows(em, `delete from "login_failure" where "account" = ? and "address" = ?`, [
      account,
      address,
    ]);
    await sqlRows(
      em,
      `insert into "login_known_address" ("account", "address", "last_success_at") values (?, ?, ?)
       on conflict ("account", "address") do update set "last_success_at" = excluded."last_success_at"`,
      [account, address, now],
    );
  }

  /** A new password set through the e-mailed link: the account's failures and turns start over. */
  async clearAccount(em: EntityManager, account: string): Promise<void> {
    await sqlRows(em, `delete from "login_failure" where "account" = ?`, [account]);
    await sqlRows(em, `delete from "login_pace" where "account" = ?`, [account]);
  }

  /** Forgets failures too old to count, turns long past and addresses not used for a long time. */
  async purge(em: EntityManager, now: Date = new Date()): Promise<void> {
    await sqlRows(em, `delete from "login_failure" where "failed_at" <= ?`, [windowStart(now, this.policy)]);
    await sqlRows(em, `delete from "login_pace" where "next_attempt_at" <= ?`, [
      windowStart(now, this.policy),
    ]);
    await sqlRows(em, `delete from "login_known_address" where "last_success_at" <= ?`, [
      new Date(now.getTime() - this.policy.knownAddressMs),
    ]);
  }

  private async recentFailures(
    em: EntityManager,
    account: string,
    address: string,
    now: Date,
  ): Promise<RecentFailures> {
    const [row] = await sqlRows<{ pair: number; address: number; account: number; known: boolean }>(
      em,
      `select count(*) filter (where f."account" = ? and f."address" = ?)::int as "pair",
              count(*) filter (where f."address" = ?)::int as "address",
              count(*) filter (where f."account" = ?)::int as "account",
              exists (select 1 from "login_known_address" k
                       where k."account" = ? and k."address" = ? and k."last_success_at" > ?) as "known"
         from "login_failure" f
        where f."failed_at" > ? and (f."account" = ? or f."address" = ?)`,
      [
        account,
        address,
        address,
        account,
        account,
        address,
        new Date(now.getTime() - this.policy.knownAddressMs),
        windowStart(now, this.policy),
        account,
        address,
      ],
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
    const [scope, params, max] =
      limit === 'pair'
        ? [`"account" = ? and "address" = ?`, [account, address], this.policy.maxPerPair]
        : [`"address" = ?`, [address], this.policy.maxPerAddress];
    const [row] = await sqlRows<{ failed_at: Date }>(
      em,
      `select "failed_at" from "login_failure" where ${scope} and "failed_at" > ?
        order by "failed_at" desc offset ? limit 1`,
      [...params, windowStart(now, this.policy), max - 1],
    );
    const freeAt = row ? new Date(row.failed_at).getTime() + this.policy.windowMs : now.getTime();
    return retryAfterSeconds(freeAt - now.getTime());
  }

  /**
   * Takes the account's next turn: returns how long to wait for it. Turns are handed out one `spacingMs` apart, in
   * one statement, so concurrent attempts from any address or replica each get their own. A turn further away than
   * `maxWaitMs` is not taken: the attempt is refused with the seconds until one would be close enough.
   */
  private async takeTurn(em: EntityManager, account: string, spacingMs: number): Promise<number> {
    const [taken] = await sqlRows<{ wait_ms: number }>(
      em,
      `insert into "login_pace" as p ("account", "next_attempt_at")
       values (?, clock_timestamp() + ? * interval '1 millisecond')
       on conflict ("account") do update
          set "next_attempt_at" = greatest(p."next_attempt_at", clock_timestamp()) + ? * interval '1 millisecond'
        where greatest(p."next_attempt_at", clock_timestamp()) <= clock_timestamp() + ? * interval '1 millisecond'
       returning greatest(0, extract(epoch from (p."next_attempt_at" - clock_timestamp())) * 1000 - ?)::float8 as "wait_ms"`,
      [account, spacingMs, spacingMs, this.policy.maxWaitMs, spacingMs],
    );
    if (taken) return taken.wait_ms;
    const [next] = await sqlRows<{ wait_ms: number }>(
      em,
      `select extract(epoch from ("next_attempt_at" - clock_timestamp())) * 1000 as "wait_ms"
         from "login_pace" where "account" = ?`,
      [account],
    );
    throw new TooManyLoginAttempts(retryAfterSeconds(Number(next?.wait_ms ?? 0) - this.policy.maxWaitMs));
  }
}
