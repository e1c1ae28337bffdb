import type { EntityManager } from '@mikro-orm/core';
import { databaseErrorCode, PostgresErrors, type DomainError } from '@aba/server-kit';
import { ChildNotFound } from '../child-access/child-access.errors.js';
import { sqlRows } from '../sql-rows.js';

/**
 * How a write to a child's rows and the child's delete meet (ADR 0015). The delete locks the child row first (it
 * deletes it), then the child's rows through the cascade. A write statement that touches existing rows of the child
 * keeps the child row first: this condition locks it `FOR KEY SHARE` (which only a delete waits for) before the
 * statement locks anything else, and is false once the child is deleted. So the two queue on the child row instead
 * of deadlocking on its items or evaluations, and a write that waited for a delete writes nothing.
 *
 * Its one parameter is the child id.
 */
export const KEEPS_CHILD = `exists (select 1 from "therapy"."child" kept where kept."id" = ? for key share)`;

/**
 * Runs a write to the child's rows that answers what it wrote, or `undefined` when its object is not the child's.
 * When nothing was written, or a row it refers to was deleted meanwhile (a foreign-key violation), the answer is
 * 404 `Child does not exist` if the child is gone, else `missing()` (by default the child's own 404: for a write
 * whose only reference is the child). Only then does it cost a statement.
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
  const child = await sqlRows(em, 'select 1 from "therapy"."child" where "id" = ?', [childId]);
  throw child.length > 0 ? missing() : new ChildNotFound();
}
