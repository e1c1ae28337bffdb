import type { EntityManager } from '@mikro-orm/core';
import type {
  AttachTarget,
  ChildRelation,
  NeedsAttentionEntry,
  NeedsAttentionKind,
  NeedsAttentionReason,
  NeedsAttentionRecord,
  NeedsAttentionState,
} from '@aba/contracts/api';
import { sqlRows, toIso } from '@aba/server-kit';
import { KEEPS_CHILD_ROW } from '../children/child-writes.js';

/** A row of `needs_attention` `n` with its author's and decider's names (`entrySelect`). */
interface EntryRow {
  id: string;
  child_id: string;
  kind: NeedsAttentionKind;
  state: NeedsAttentionState;
  reason: NeedsAttentionReason;
  record: NeedsAttentionRecord;
  target_id: string;
  target_label: string | null;
  session_id: string | null;
  captured_at: Date | string;
  received_at: Date | string;
  author_id: string;
  author_relation: ChildRelation;
  author: string;
  resolved_by: string | null;
  resolved_at: Date | string | null;
  discard_reason: string | null;
  attached_to: string | null;
  attached_to_label: string | null;
  record_id: string | null;
}

/** An entry as kept, with what a decision needs beside what the list shows. */
export type StoredEntry = NeedsAttentionEntry & { session_id: string | null; author_relation: ChildRelation };

const NAME = (alias: string) =>
  `trim(coalesce(${alias}."first_name", '') || ' ' || coalesce(${alias}."last_name", ''))`;

/** `select` of `EntryRow`s (and `more` columns) from `needs_attention` `n` (or a statement's rows named `n`). */
const entrySelect = (
  more = '',
) => `select ${more}n."id", n."child_id", n."kind", n."state", n."reason", n."record", n."target_id", n."target_label",
    n."session_id", n."captured_at", n."received_at", n."author_id", n."author_relation", ${NAME('a')} as "author",
    nullif(${NAME('r')}, '') as "resolved_by", n."resolved_at", n."discard_reason", n."attached_to",
    n."attached_to_label", n."record_id"
  from n
  left join "directory_user" a on a."id" = n."author_id"
  left join "directory_user" r on r."id" = n."resolved_by"`;

const toEntry = (row: EntryRow): StoredEntry => ({
  ...row,
  captured_at: toIso(row.captured_at),
  received_at: toIso(row.received_at),
  resolved_at: row.resolved_at === null ? null : toIso(row.resolved_at),
});

export interface HandedOver {
  id: string;
  childId: string;
  authorId: string;
  authorRelation: ChildRelation;
  reason: NeedsAttentionReason;
  record: NeedsAttentionRecord;
  targetId: string;
  targetLabel: string | null;
  sessionId: string | null;
  capturedAt: string;
}

/**
 * Keeps a handed-over capture, keeping the child (deleted or not: the entry waits for its restore); `inserted` false
 * when its id was handed over already (nothing is written; the entry is answered as kept, whoever's it is: the caller
 * compares). `undefined` when the child is erased.
 */
export async function insertEntry(
  em: EntityManager,
  entry: HandedOver,
): Promise<{ entry: StoredEntry; inserted: boolean } | undefined> {
  const {
    id,
    childId,
    authorId,
    authorRelation,
    reason,
    record,
    targetId,
    targetLabel,
    sessionId,
    capturedAt,
  } = entry;
  const rows = await sqlRows<EntryRow & { inserted: boolean }>(
    em,
    `with written as (
       insert into "needs_attention" ("id", "child_id", "author_id", "author_relation", "reason", "kind", "record",
                                      "target_id", "target_label", "session_id", "captured_at")
       select ?, ?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?, ? where ${KEEPS_CHILD_ROW}
       on conflict ("id") do nothing
       returning *),
     n as (select *, true as "inserted" from written
           union all
           select *, false from "needs_attention" where "id" = ? and not exists (select 1 from written))
     ${entrySelect('n."inserted", ')}`,
    [
      id,
      childId,
      authorId,
      authorRelation,
      reason,
      record.kind,
      JSON.stringify(record),
      targetId,
      targetLabel,
      sessionId,
      capturedAt,
      childId,
      id,
    ],
  );
  if (rows.length === 0) return undefined;
  const { inserted, ...row } = rows[0];
  return { entry: toEntry(row), inserted };
}

/** The child's entries, waiting first (oldest capture first), then the decided (latest first); `authorId`: only theirs. */
export async function entriesOfChild(
  em: EntityManager,
  childId: string,
  authorId?: string,
): Promise<StoredEntry[]> {
  const rows = await sqlRows<EntryRow>(
    em,
    `with n as (select * from "needs_attention"
                 where "child_id" = ?${authorId ? ' and "author_id" = ?' : ''})
     ${entrySelect()}
     order by n."state" <> 'WAITING', case when n."state" = 'WAITING' then n."captured_at" end,
              n."resolved_at" desc, n."id"`,
    authorId ? [childId, authorId] : [childId],
  );
  return rows.map(toEntry);
}

/** The child's entry `id`, locked for a decision (in `em`'s transaction); `undefined` when there is none. */
export async function lockedEntry(
  em: EntityManager,
  childId: string,
  id: string,
): Promise<StoredEntry | undefined> {
  const rows = await sqlRows<EntryRow>(
    em,
    `with n as (select * from "needs_attention" where "id" = ? and "child_id" = ? for update) ${entrySelect()}`,
    [id, childId],
  );
  return rows[0] && toEntry(rows[0]);
}

/** What was decided on an entry: attached (where, as what record) or discarded (why). */
export type EntryDecision =
  | { state: 'ATTACHED'; attachedTo: string; attachedToLabel: string; recordId: string }
  | { state: 'DISCARDED'; reason: string };

/** Records `by`'s decision on the entry. */
export async function resolveEntry(
  em: EntityManager,
  id: string,
  by: string,
  decision: EntryDecision,
): Promise<StoredEntry> {
  const attached = decision.state === 'ATTACHED' ? decision : undefined;
  const rows = await sqlRows<EntryRow>(
    em,
    `with n as (
       update "needs_attention"
          set "state" = ?, "resolved_by" = ?, "resolved_at" = now(), "discard_reason" = ?, "attached_to" = ?,
              "attached_to_label" = ?, "record_id" = ?
        where "id" = ?
       returning *)
     ${entrySelect()}`,
    [
      decision.state,
      by,
      decision.state === 'DISCARDED' ? decision.reason : null,
      attached?.attachedTo ?? null,
      attached?.attachedToLabel ?? null,
      attached?.recordId ?? null,
      id,
    ],
  );
  return toEntry(rows[0]);
}

/** The child's goal (`item`: its description) or behaviour (its name) `targetId`; `undefined` when it has none. */
export async function targetLabel(
  em: EntityManager,
  childId: string,
  kind: 'item' | 'behavior',
  targetId: string,
): Promise<string | undefined> {
  const sql =
    kind === 'item'
      ? `select i."description" as "label" from "sub_plan_item" i join "sub_plan" s on s."id" = i."sub_plan_id"
          where i."id" = ? and s."child_id" = ?`
      : `select b."name" as "label" from "behavior" b where b."id" = ? and b."child_id" = ?`;
  return (await sqlRows<{ label: string }>(em, sql, [targetId, childId]))[0]?.label;
}

/** The child's goals (labelled by description, grouped by sub-plan) and behaviours, in the order the pages list them. */
export async function attachTargets(
  em: EntityManager,
  childId: string,
): Promise<{ items: AttachTarget[]; behaviors: AttachTarget[] }> {
  const [items, behaviors] = await Promise.all([
    sqlRows<AttachTarget>(
      em,
      `select i."id", i."description" as "label", s."name" as "group"
         from "sub_plan_item" i join "sub_plan" s on s."id" = i."sub_plan_id"
        where s."child_id" = ?
        order by s."name", s."id", i."created_at", i."id"`,
      [childId],
    ),
    sqlRows<AttachTarget>(
      em,
      `select b."id", b."name" as "label", '' as "group" from "behavior" b
        where b."child_id" = ? order by b."name", b."id"`,
      [childId],
    ),
  ]);
  return { items, behaviors };
}
