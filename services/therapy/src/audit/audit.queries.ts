import type { EntityManager } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import {
  AUDIT_PAGE_SIZE,
  type AuditEntry,
  type AuditField,
  type AuditKind,
  type AuditPerson,
  type AuditResponse,
} from '@aba/contracts/api';
import { sqlRows, toIso } from '@aba/server-kit';

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

/** A person's name as the trail shows it; null when the directory no longer knows them (a former user). */
const NAME = `nullif(trim(coalesce(u."first_name", '') || ' ' || coalesce(u."last_name", '')), '')`;

interface EntryRow {
  id: string;
  at: string;
  kind: AuditKind;
  actor_id: string | null;
  actor_name: string | null;
  entity_id: string | null;
  before: AuditEntry['before'];
  after: AuditEntry['after'];
}

/** One page of the child's trail, newest first, filtered by kind and author; and everyone who wrote in it. */
export async function auditPage(
  em: EntityManager,
  childId: string,
  filter: { page: number; kind?: AuditKind; userId?: string },
): Promise<AuditResponse> {
  const conditions = [`e."child_id" = ?`];
  const params: unknown[] = [childId];
  if (filter.kind) {
    conditions.push(`e."kind" = ?`);
    params.push(filter.kind);
  }
  if (filter.userId) {
    conditions.push(`e."actor_id" = ?`);
    params.push(filter.userId);
  }
  const [row] = await sqlRows<{ total: number; entries: EntryRow[]; people: AuditPerson[] }>(
    em,
    `with "filtered" as (select * from "audit_entry" e where ${conditions.join(' and ')})
     select (select count(*)::int from "filtered") as "total",
            coalesce((select json_agg(p order by p."seq" desc) from (
               select e."seq", e."id", e."at", e."kind", e."actor_id", ${NAME} as "actor_name", e."entity_id",
                      d."before", d."after"
                 from "filtered" e
                 left join "audit_detail" d on d."entry_id" = e."id"
                 left join "directory_user" u on u."id" = e."actor_id"
                order by e."seq" desc limit ? offset ?) p), '[]') as "entries",
            coalesce((select json_agg(json_build_object('id', a."actor_id", 'name', ${NAME}) order by ${NAME}, a."actor_id")
                        from (select distinct e."actor_id" from "audit_entry" e
                               where e."child_id" = ? and e."actor_id" is not null) a
                        left join "directory_user" u on u."id" = a."actor_id"), '[]') as "people"`,
    [...params, AUDIT_PAGE_SIZE, (filter.page - 1) * AUDIT_PAGE_SIZE, childId],
  );
  return {
    entries: row.entries.map((entry) => ({
      id: entry.id,
      at: toIso(entry.at),
      kind: entry.kind,
      actor: entry.actor_id === null ? null : { id: entry.actor_id, name: entry.actor_name },
      entity_id: entry.entity_id,
      before: entry.before,
      after: entry.after,
    })),
    total: row.total,
    page: filter.page,
    page_size: AUDIT_PAGE_SIZE,
    people: row.people,
  };
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
