import type { EntityManager } from '@mikro-orm/core';
import { sqlRows } from '@aba/server-kit';

export async function insertFailure(
  em: EntityManager,
  account: string,
  address: string,
  at: Date,
): Promise<void> {
  await sqlRows(em, `insert into "login_failure" ("account", "address", "failed_at") values (?, ?, ?)`, [
    account,
    address,
    at,
  ]);
}

export async function deleteFailuresOfPair(
  em: EntityManager,
  account: string,
  address: string,
): Promise<void> {
  await sqlRows(em, `delete from "login_failure" where "account" = ? and "address" = ?`, [account, address]);
}

export async function saveKnownAddress(
  em: EntityManager,
  account: string,
  address: string,
  at: Date,
): Promise<void> {
  await sqlRows(
    em,
    `insert into "login_known_address" ("account", "address", "last_success_at") values (?, ?, ?)
     on conflict ("account", "address") do update set "last_success_at" = excluded."last_success_at"`,
    [account, address, at],
  );
}

export async function deleteFailuresOfAccount(em: EntityManager, account: string): Promise<void> {
  await sqlRows(em, `delete from "login_failure" where "account" = ?`, [account]);
}

export async function deletePaceOfAccount(em: EntityManager, account: string): Promise<void> {
  await sqlRows(em, `delete from "login_pace" where "account" = ?`, [account]);
}

export async function deleteFailuresUpTo(em: EntityManager, until: Date): Promise<void> {
  await sqlRows(em, `delete from "login_failure" where "failed_at" <= ?`, [until]);
}

export async function deletePacesUpTo(em: EntityManager, until: Date): Promise<void> {
  await sqlRows(em, `delete from "login_pace" where "next_attempt_at" <= ?`, [until]);
}

export async function deleteKnownAddressesUpTo(em: EntityManager, until: Date): Promise<void> {
  await sqlRows(em, `delete from "login_known_address" where "last_success_at" <= ?`, [until]);
}

/**
 * Failures after `since` of the pair, of the address and of the account, and whether the account logged in from the
 * address after `knownSince`: one statement.
 */
export async function countFailures(
  em: EntityManager,
  account: string,
  address: string,
  since: Date,
  knownSince: Date,
): Promise<{ pair: number; address: number; account: number; known: boolean }> {
  const [row] = await sqlRows<{ pair: number; address: number; account: number; known: boolean }>(
    em,
    `select count(*) filter (where f."account" = ? and f."address" = ?)::int as "pair",
            count(*) filter (where f."address" = ?)::int as "address",
            count(*) filter (where f."account" = ?)::int as "account",
            exists (select 1 from "login_known_address" k
                     where k."account" = ? and k."address" = ? and k."last_success_at" > ?) as "known"
       from "login_failure" f
      where f."failed_at" > ? and (f."account" = ? or f."address" = ?)`,
    [account, address, address, account, account, address, knownSince, since, account, address],
  );
  return row;
}

/**
 * When the `rank`-th newest failure (0 = newest) after `since` was, of the pair (with `account`) or of the address
 * (without); undefined when there are not that many.
 */
export async function failureTimeAtRank(
  em: EntityManager,
  scope: { account?: string; address: string },
  since: Date,
  rank: number,
): Promise<Date | undefined> {
  const [where, params] =
    scope.account === undefined
      ? [`"address" = ?`, [scope.address]]
      : [`"account" = ? and "address" = ?`, [scope.account, scope.address]];
  const [row] = await sqlRows<{ failed_at: Date }>(
    em,
    `select "failed_at" from "login_failure" where ${where} and "failed_at" > ?
      order by "failed_at" desc offset ? limit 1`,
    [...params, since, rank],
  );
  return row && new Date(row.failed_at);
}

/**
 * Takes the account's next turn, `spacingMs` after the last one, in one statement: the milliseconds to wait for it;
 * undefined when that turn is more than `maxWaitMs` away (it is not taken).
 */
export async function takeTurn(
  em: EntityManager,
  account: string,
  spacingMs: number,
  maxWaitMs: number,
): Promise<number | undefined> {
  const [taken] = await sqlRows<{ wait_ms: number }>(
    em,
    `insert into "login_pace" as p ("account", "next_attempt_at")
     values (?, clock_timestamp() + ? * interval '1 millisecond')
     on conflict ("account") do update
        set "next_attempt_at" = greatest(p."next_attempt_at", clock_timestamp()) + ? * interval '1 millisecond'
      where greatest(p."next_attempt_at", clock_timestamp()) <= clock_timestamp() + ? * interval '1 millisecond'
     returning greatest(0, extract(epoch from (p."next_attempt_at" - clock_timestamp())) * 1000 - ?)::float8 as "wait_ms"`,
    [account, spacingMs, spacingMs, maxWaitMs, spacingMs],
  );
  return taken?.wait_ms;
}

/** Milliseconds until the account's next turn (0 without one). */
export async function msUntilNextTurn(em: EntityManager, account: string): Promise<number> {
  const [next] = await sqlRows<{ wait_ms: number }>(
    em,
    `select extract(epoch from ("next_attempt_at" - clock_timestamp())) * 1000 as "wait_ms"
       from "login_pace" where "account" = ?`,
    [account],
  );
  return Number(next?.wait_ms ?? 0);
}
