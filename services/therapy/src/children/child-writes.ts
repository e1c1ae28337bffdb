import type { EntityManager } from '@mikro-orm/core';
import { ChildNotFound, databaseErrorCode, PostgresErrors, type DomainError, sqlRows } from '@aba/server-kit';
import { recordAudit, type AuditChange } from '../audit-trail/audit-trail.js';

/**
 * How a write to a child's rows and the child's delete meet (ADRs 0015, 0021). Deleting a child marks its row
 * (`deleted_at`) after locking it `FOR UPDATE`; erasing it for good, 30 days later, deletes the row first. A write
 * keeps the child row first: this condition locks it `FOR KEY SHARE` (which only those two wait for) before the
 * statement locks anything else, and is false once the child is deleted. So a write and a delete queue on the child
 * row instead of deadlocking on its items or evaluations: a write that was under way finishes first, and one that
 * waited for a delete re-reads the row, finds it deleted and writes nothing.
 *
 * Its one parameter is the child id.
 */
export const KEEPS_CHILD = `exists (select 1 from "child" kept
  where kept."id" = ? and kept."deleted_at" is null for key share)`;

/**
 * `KEEPS_CHILD` for a child deleted or not, until it is erased: for what is kept for a deleted child's restore (a
 * capture handed over to its team, ADR 0044). Its one parameter is the child id.
 */
export const KEEPS_CHILD_ROW = `exists (select 1 from "child" kept where kept."id" = ? for key share)`;

/**
 * In `em`'s transaction: keeps the child row for the rest of it, as `KEEPS_CHILD` does inside one statement, or
 * answers 404 `Child does not exist` when the child is deleted. For writes that cannot carry `KEEPS_CHILD` in a
 * statement of their own (a transaction of several statements, an ORM flush): call it first.
 */
export async function keepChild(em: EntityManager, childId: string): Promise<void> {
  const kept = await sqlRows(em, `select 1 where ${KEEPS_CHILD}`, [childId]);
  if (kept.length === 0) throw new ChildNotFound();
}

/**
 * Flushes what `em` has pending in a transaction that keeps the child first (`keepChild`): an ORM create, with the
 * entries of the child's audit trail it makes (`changes`).
 */
export async function flushToChild(
  em: EntityManager,
  childId: string,
  ...changes: AuditChange[]
): Promise<void> {
  await em.begin();
  try {
    await keepChild(em, childId);
    await recordAudit(em, ...changes);
    await em.commit();
  } catch (error) {
    await em.rollback();
    throw error;
  }
}

/**
 * Runs a write to the child's rows that answers what it wrote, or `undefined` when its object is not the child's.
 * The write keeps the child (`KEEPS_CHILD` in its statement, or `flushToChild`). When nothing was written, or a row
 * it refers to was deleted meanwhile (a foreign-key violation), the answer is 404 `Child does not exist` if the child
 * is deleted, else `missing()` (by default the child's own 404: for a write whose only reference is the child). Only
 * then does it cost a statement.
 */
export async function writeToChild<T>(
  em: EntityManager,
  childId: string,
  write: () => Promise<T | undefined>,
  missing: () => DomainError = () => new ChildNotFound(),
): Promise<T> {
  try {
    const written = await write();
    if (written !== undefined) return written;
  } catch (error) {
    if (databaseErrorCode(error) !== PostgresErrors.foreignKeyViolation) throw error;
  }
  const child = await sqlRows(em, 'select 1 from "child" where "id" = ? and "deleted_at" is null', [childId]);
  throw child.length > 0 ? missing() : new ChildNotFound();
}
