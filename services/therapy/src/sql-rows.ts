// Small helpers for the raw SQL the services run next to the ORM.
import type { EntityManager } from '@mikro-orm/core';
import { z } from 'zod';

const uuid = z.uuid();

/** Whether `value` can be an object id (anything else names no object: 404, never a database error). */
export const isUuid = (value: unknown): value is string =>
  typeof value === 'string' && uuid.safeParse(value).success;

export const toIso = (value: Date | string): string =>
  (value instanceof Date ? value : new Date(value)).toISOString();

/** Runs one SQL statement on the request's connection (in `em`'s transaction, if it has one) and types its rows. */
export async function sqlRows<T>(em: EntityManager, sql: string, params: unknown[] = []): Promise<T[]> {
  return (await em
    .getConnection()
    .execute(sql, params as unknown[], 'all', em.getTransactionContext())) as T[];
}
