import type { EntityManager } from '@mikro-orm/core';
import { z } from 'zod';

const uuid = z.uuid();

/** Whether `value` can be an object id (anything else names no object: 404, never a database error). */
export const isUuid = (value: unknown): value is string =>
  typeof value === 'string' && uuid.safeParse(value).success;

/** A timestamp column of a raw row (a Date, or text when built inside JSON) as an ISO string. */
export const toIso = (value: Date | string): string =>
  (value instanceof Date ? value : new Date(value)).toISOString();

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
