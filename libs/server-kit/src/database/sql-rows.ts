import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import type { PostgreSqlConnection } from '@mikro-orm/postgresql';
import { z } from 'zod';

const uuid = z.uuid();

/** Whether `value` can be an object id (anything else names no object: 404, never a database error). */
export const isUuid = (value: unknown): value is string =>
  typeof value === 'string' && uuid.safeParse(value).success;

/** A UTC instant as Postgres writes it inside JSON ("2026-11-24T10:00:00.123456+00:00"): date and time, fraction. */
const POSTGRES_UTC = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?\+00:00$/;

/**
 * A timestamp column of a raw row (a Date, or text when built inside JSON) as an ISO string. Postgres's own UTC text
 * is rewritten without parsing a Date (milliseconds kept, as a Date keeps them): a two-year progress holds ~1,500.
 */
export function toIso(value: Date | string): string {
  if (value instanceof Date) return value.toISOString();
  const utc = POSTGRES_UTC.exec(value);
  if (utc) return `${utc[1]}.${(utc[2] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
  return new Date(value).toISOString();
}

/**
 * SQL writing a timestamptz `column` as `Date.prototype.toISOString` would (UTC, milliseconds, fixed width: ordering
 * by it is ordering by time), for instants built into JSON or text by the statement itself.
 */
export const isoTimestampSql = (column: string): string =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Runs one SQL statement on `em`'s connection (in `em`'s transaction, if it has one) and types its rows. Tables are
 * named without their schema: the service's connections search its own schema only (`serviceOrmConfig`).
 */
export async function sqlRows<Row>(
  em: EntityManager,
  sql: string,
  params: readonly unknown[] = [],
): Promise<Row[]> {
  return (await em.getConnection().execute(sql, [...params], 'all', em.getTransactionContext())) as Row[];
}

/** A prepared statement per SQL text: its name, and its text with the driver's placeholders (`$1`, `$2`…). */
const statements = new Map<string, { name: string; text: string }>();

function statementOf(sql: string): { name: string; text: string } {
  let statement = statements.get(sql);
  if (!statement) {
    let n = 0;
    statement = {
      name: `aba_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`,
      text: sql.replace(/\?/g, () => `$${++n}`),
    };
    statements.set(sql, statement);
  }
  return statement;
}

/**
 * `sqlRows` for a read run after every trial or on large JSON: when `em` has no transaction it runs as a named
 * prepared statement, which Postgres plans once per connection instead of on every call (planning such a read cost
 * several times its execution); in a transaction, as `sqlRows` does. Placeholders are `?`, as for `sqlRows`.
 */
export async function preparedRows<Row>(
  em: EntityManager,
  sql: string,
  params: readonly unknown[] = [],
): Promise<Row[]> {
  if (em.getTransactionContext()) return sqlRows(em, sql, params);
  const { name, text } = statementOf(sql);
  const pool = await (em.getConnection() as unknown as PostgreSqlConnection).getNativeClient();
  return (await pool.query({ name, text, values: [...params] })).rows as Row[];
}
