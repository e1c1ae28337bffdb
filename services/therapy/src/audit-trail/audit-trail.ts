import type { EntityManager } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import type { AuditField, AuditKind } from '@aba/contracts/api';
import { sqlRows } from '@aba/server-kit';

/** Changed fields by name, as an entry keeps them before or after the change. */
export type AuditValues = Partial<Record<AuditField, unknown>>;

/** One change to a child's data, as the trail records it (ADR 0047). */
export interface AuditChange {
  childId: string;
  /** Who made it; null for the platform itself (the mastery rule, a licence from billing). */
  actorId: string | null;
  kind: AuditKind;
  /** The changed record, when it is not the child's own. */
  entityId?: string | null;
  before?: AuditValues | null;
  after?: AuditValues | null;
}

/**
 * Records `changes` in the child's trail, in one statement: an entry each (ids only, append-only) and, for those
 * with values, their detail (gone with the child). Call it with the entity manager of the change's own transaction,
 * so that a change and its entry are kept or lost together.
 */
export async function recordAudit(em: EntityManager, ...changes: AuditChange[]): Promise<void> {
  if (changes.length === 0) return;
  const rows = changes.map((change) => ({
    id: randomUUID(),
    child_id: change.childId,
    actor_id: change.actorId,
    kind: change.kind,
    entity_id: change.entityId ?? null,
    before: change.before ?? null,
    after: change.after ?? null,
  }));
  await sqlRows(
    em,
    `with "rows" as (
       select * from jsonb_to_recordset(?::jsonb)
         as x("id" uuid, "child_id" uuid, "actor_id" uuid, "kind" text, "entity_id" uuid, "before" jsonb, "after" jsonb)
     ), "entries" as (
       insert into "audit_entry" ("id", "child_id", "actor_id", "kind", "entity_id")
       select r."id", r."child_id", r."actor_id", r."kind", r."entity_id" from "rows" r
     )
     insert into "audit_detail" ("entry_id", "child_id", "before", "after")
     select r."id", r."child_id", r."before", r."after" from "rows" r
      where r."before" is not null or r."after" is not null`,
    [JSON.stringify(rows)],
  );
}

/**
 * Runs `write` on `em` and records the changes `changes` makes of what it answered, in one transaction: for a write of
 * its own statement, or the ORM's flush (`em.commit()` flushes). Nothing is recorded when it answers `undefined`
 * (nothing written).
 */
export async function withAudit<T>(
  em: EntityManager,
  write: () => Promise<T>,
  changes: (written: Exclude<T, undefined>) => AuditChange[],
): Promise<T> {
  await em.begin();
  try {
    const written = await write();
    if (written !== undefined) await recordAudit(em, ...changes(written as Exclude<T, undefined>));
    await em.commit();
    return written;
  } catch (error) {
    await em.rollback();
    throw error;
  }
}
