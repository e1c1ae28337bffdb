import type { EntityManager } from '@mikro-orm/core';
import { sqlRows } from '@aba/server-kit';
import { KEEPS_CHILD } from '../../children/child-writes.js';
import { repeatOf } from '../../sessions/session-capture.js';
import type { CaptureSession } from '../../sessions/sessions.queries.js';

/** A `behavior_abc` row as `LoggedAbcRow`. */
const LOGGED_ABC_COLUMNS = `"id", "behavior_id" as "behaviorId", "tracking_id" as "trackingId",
  "created_at" as "createdAt", "tracking_id" <> "id" as "attached", "created_by" as "createdBy", "antecedent",
  "antecedent_code" as "antecedentCode", "consequence", "consequence_code" as "consequenceCode"`;

/**
 * One ABC entry and the occurrence it counts as, in one statement (ADR 0019). The author's latest occurrence of the
 * behaviour logged within the window before the capture time and without an ABC entry is locked (`skip locked`: one
 * being completed by a parallel request is passed over); without one, a new occurrence is inserted at the capture
 * time, in the capture's session, with the entry's id (so a repeat can tell it from one it was attached to). The entry
 * takes the occurrence's time and the capture's session. Nothing is written when an entry has the id already (a
 * repeat, ADR 0037). The child row is kept first (`KEEPS_CHILD`, ADR 0015): the statement locks several of its rows.
 * It begins with the capture's session (`CaptureSession`, its parameters first), then: behaviour id, child id, child
 * id (KEEPS_CHILD), entry id, author, capture time, window in seconds, capture time, entry id, capture time, author,
 * entry id, antecedent, its code, consequence, its code, author.
 */
const logAbcAsOccurrenceSql = (session: CaptureSession) => `
  with ${session.cte}, target as (
    select b."id" from "behavior" b where b."id" = ? and b."child_id" = ? and ${KEEPS_CHILD}
      and not exists (select 1 from "behavior_abc" a where a."id" = ?)
  ), recent as (
    select t."id", t."date_logged" from "behavior_tracking" t
    where t."behavior_id" = (select "id" from target) and t."logged_by" = ?
      and t."date_logged" > ?::timestamptz - make_interval(secs => ?) and t."date_logged" <= ?::timestamptz
      and not exists (select 1 from "behavior_abc" a where a."tracking_id" = t."id")
    order by t."date_logged" desc, t."id" desc limit 1
    for update skip locked
  ), fresh as (
    insert into "behavior_tracking" ("id", "behavior_id", "date_logged", "logged_by", "session_id")
    select ?, target."id", ?::timestamptz, ?, cs."id" from target, "capture_session" cs
     where not exists (select 1 from recent)
    returning "id", "date_logged"
  ), occurrence as (
    select "id", "date_logged", true as "attached" from recent
    union all
    select "id", "date_logged", false from fresh
  )
  insert into "behavior_abc"
    ("id", "behavior_id", "tracking_id", "antecedent", "antecedent_code", "consequence", "consequence_code", "created_by", "created_at", "session_id")
  select ?, target."id", occurrence."id", ?, ?, ?, ?, ?, occurrence."date_logged", cs."id"
    from target, occurrence, "capture_session" cs
  returning ${LOGGED_ABC_COLUMNS}`;

export interface LoggedAbcRow {
  id: string;
  behaviorId: string;
  trackingId: string;
  createdAt: Date | string;
  /** The entry completed an occurrence logged before it (else it made its own, which has its id). */
  attached: boolean;
  createdBy: string;
  antecedent: string;
  antecedentCode: string | null;
  consequence: string;
  consequenceCode: string | null;
}

/** An ABC entry for the child's behaviour and the occurrence it counts as (`LOG_ABC_AS_OCCURRENCE`). */
export interface AbcToLog {
  /** The entry's id: the device's, else a new one. */
  id: string;
  childId: string;
  behaviorId: string;
  author: string;
  /** How far back an occurrence without an entry may be completed. */
  windowSeconds: number;
  antecedent: string;
  antecedentCode: string | null;
  consequence: string;
  consequenceCode: string | null;
  session: CaptureSession;
  capturedAt: Date;
}

/**
 * Logs the entry in one statement; `undefined` when the behaviour is not the child's or the child is deleted. An entry
 * with the id already is answered as recorded (`repeated`) if it is the same capture (the child's behaviour, author),
 * else 409.
 */
export async function logAbcAsOccurrence(
  em: EntityManager,
  abc: AbcToLog,
): Promise<(LoggedAbcRow & { repeated: boolean }) | undefined> {
  const rows = await sqlRows<LoggedAbcRow>(em, logAbcAsOccurrenceSql(abc.session), [
    ...abc.session.params,
    abc.behaviorId,
    abc.childId,
    abc.childId,
    abc.id,
    abc.author,
    abc.capturedAt,
    abc.windowSeconds,
    abc.capturedAt,
    abc.id,
    abc.capturedAt,
    abc.author,
    abc.id,
    abc.antecedent,
    abc.antecedentCode,
    abc.consequence,
    abc.consequenceCode,
    abc.author,
  ]);
  if (rows[0]) return { ...rows[0], repeated: false };
  const [found] = await sqlRows<LoggedAbcRow & { childId: string }>(
    em,
    `select r.*, b."child_id" as "childId"
       from (select ${LOGGED_ABC_COLUMNS} from "behavior_abc" where "id" = ?) r
       join "behavior" b on b."id" = r."behaviorId"`,
    [abc.id],
  );
  const recorded = repeatOf(
    found,
    (same) =>
      same.childId === abc.childId && same.behaviorId === abc.behaviorId && same.createdBy === abc.author,
  );
  return recorded && { ...recorded, repeated: true };
}
