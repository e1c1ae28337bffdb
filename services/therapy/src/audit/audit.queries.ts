import type { EntityManager } from '@mikro-orm/core';
import {
  AUDIT_PAGE_SIZE,
  type AuditEntry,
  type AuditKind,
  type AuditPerson,
  type AuditResponse,
} from '@aba/contracts/api';
import { sqlRows, toIso } from '@aba/server-kit';

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
