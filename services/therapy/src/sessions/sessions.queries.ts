import type { EntityManager } from '@mikro-orm/core';
import type { DataRole, SessionSetting } from '@aba/contracts/api';
import { SESSION_END_PAD_MS, SESSION_IDLE_MS } from '@aba/mastery';
import { preparedRows, sqlRows } from '@aba/server-kit';
import { KEEPS_CHILD } from '../children/child-writes.js';

/** The idle rule of `@aba/mastery` as SQL intervals: no activity this long ends a session, this long after it. */
const IDLE = `interval '${SESSION_IDLE_MS / 1000} seconds'`;
const END_PAD = `interval '${SESSION_END_PAD_MS / 1000} seconds'`;
/** How close to its captures a session's recorded span is kept (see `touchedSession`). */
const ACTIVITY_GRAIN = `interval '1 second'`;

/**
 * The end of session `s` as of `when` (an SQL instant): its `ended_at`, or one minute after its last activity once it
 * has been idle for 30 minutes by then (the sweep writes that end later; every read already sees it).
 */
const endAsOf = (when: string) => `coalesce(s."ended_at",
  case when s."last_activity_at" <= ${when} - ${IDLE} then s."last_activity_at" + ${END_PAD} end)`;

/** Where session `s` ends as of now; null while it runs. */
export const EFFECTIVE_END = endAsOf('now()');

/**
 * Where session `s` ends when it is ended at `at` (the device's time) or now: where it ended by idling if it had lapsed
 * by then, else then (never before its activity). Parameters: `at` twice (none for now).
 */
const endAt = (at: Date | undefined) => {
  const when = at ? '?::timestamptz' : 'now()';
  return {
    sql: `coalesce(${endAsOf(when)}, greatest(${when}, s."last_activity_at"))`,
    params: at ? [at, at] : [],
  };
};
const END_NOW = endAt(undefined).sql;

/** The role a user's data has with a child: the directory's, else what the relation implies. Parameters: user, fallback. */
export const ROLE_OF_USER = `coalesce((select u."role" from "directory_user" u
  where u."id" = ? and u."role" in ('PARENT', 'THERAPIST', 'COORDINATOR')), ?)`;

export interface SessionRow {
  id: string;
  childId: string;
  userId: string;
  firstName: string | null;
  lastName: string | null;
  role: DataRole;
  setting: SessionSetting | null;
  implicit: boolean;
  startedAt: Date;
  lastActivityAt: Date;
  endedAt: Date | null;
  trials: number;
  behaviors: number;
}

const SESSION_COLUMNS = `s."id", s."child_id" as "childId", s."user_id" as "userId",
  u."first_name" as "firstName", u."last_name" as "lastName", s."role", s."setting", s."implicit",
  s."started_at" as "startedAt", s."last_activity_at" as "lastActivityAt", ${EFFECTIVE_END} as "endedAt",
  (select count(*)::int from "item_evaluation" e where e."session_id" = s."id") as "trials",
  (select count(*)::int from "behavior_tracking" t where t."session_id" = s."id") as "behaviors"`;

/** Session rows as the calls answer them, from a select of session ids (`picked`; not a write: it would read the old rows). */
const sessionsFrom = (picked: string) =>
  `with picked as (${picked})
   select ${SESSION_COLUMNS} from "session" s join picked on picked."id" = s."id"
     left join "directory_user" u on u."id" = s."user_id"`;

/** Who captures, where and when: what a capture's session is found or opened by. */
export interface Capture {
  childId: string;
  userId: string;
  /** The user's role to record when the directory does not know it (see `ROLE_OF_USER`). */
  fallbackRole: DataRole;
  /** The session the device named (it may not exist yet: a device opens sessions offline). */
  sessionId?: string;
  capturedAt: Date;
}

/**
 * The session a capture's write records it in: a CTE named `capture_session` (its `id`, one row or none) that the
 * write's statement begins with (`with ${cte}, …`), its `params` first among the statement's parameters.
 */
export interface CaptureSession {
  cte: string;
  params: unknown[];
}

/** The session `id` (one the capture just opened). */
export const sessionById = (id: string): CaptureSession => ({
  cte: `"capture_session" as (select ?::uuid as "id")`,
  params: [id],
});

/**
 * Counts a capture as activity of its session, in the statement of its write (one round trip and one commit for a
 * capture in a running session): the session named, if it is the user's with the child, or else the user's open
 * session with the child whose activity the capture falls within 30 minutes of. No row when there is none (one must
 * be opened) or the child is deleted (`KEEPS_CHILD`, which locks the child row first, as every write to a child's rows
 * does). The session's span widens to hold the capture, to the second (`ACTIVITY_GRAIN`): a capture less than a second
 * after the recorded last activity, and not before the start, writes no session row, so captures arriving together
 * in one session do not queue on its row lock until each one's commit (ADR 0062).
 */
export function touchedSession(capture: Capture): CaptureSession {
  const { childId, userId, sessionId, capturedAt } = capture;
  const found = sessionId
    ? {
        sql: `select s."id", ?::timestamptz as "at" from "session" s
               where s."id" = ? and s."child_id" = ? and s."user_id" = ? and ${KEEPS_CHILD}`,
        params: [capturedAt, sessionId, childId, userId, childId],
      }
    : {
        sql: `select s."id", ?::timestamptz as "at" from "session" s
               where s."child_id" = ? and s."user_id" = ? and s."ended_at" is null
                 and s."last_activity_at" > ?::timestamptz - ${IDLE}
                 and s."started_at" < ?::timestamptz + ${IDLE} and ${KEEPS_CHILD}
               order by s."last_activity_at" desc, s."id" limit 1`,
        params: [capturedAt, childId, userId, capturedAt, capturedAt, childId],
      };
  return {
    cte: `"capture_session" as (${found.sql}
    ), "capture_session_touched" as (
      update "session" s set
        "last_activity_at" = greatest(s."last_activity_at", c."at"),
        "started_at" = least(s."started_at", c."at"),
        "ended_at" = case when s."ended_at" < c."at" then c."at" + ${END_PAD} else s."ended_at" end
      from "capture_session" c
      where s."id" = c."id" and (s."last_activity_at" < c."at" - ${ACTIVITY_GRAIN}
        or s."started_at" > c."at" or s."ended_at" < c."at")
    )`,
    params: found.params,
  };
}

/** `touchedSession` on its own: the id of the session the capture counts in, `undefined` when there is none. */
export async function touchSession(em: EntityManager, capture: Capture): Promise<string | undefined> {
  const touched = touchedSession(capture);
  const rows = await preparedRows<{ id: string }>(
    em,
    `with ${touched.cte} select "id" from "capture_session"`,
    touched.params,
  );
  return rows[0]?.id;
}

/** Locks the live child against concurrent session opens (not against other writes); false when it is deleted. */
export async function lockChildForSessionOpen(em: EntityManager, childId: string): Promise<boolean> {
  const rows = await sqlRows(
    em,
    `select 1 from "child" where "id" = ? and "deleted_at" is null for no key update`,
    [childId],
  );
  return rows.length > 0;
}

export interface NewSession {
  id: string;
  childId: string;
  userId: string;
  fallbackRole: DataRole;
  setting: SessionSetting | null;
  implicit: boolean;
  startedAt: Date;
}

/**
 * Opens a session, ending first the user's open sessions with the child that are idle as of its start (at their last
 * activity + 1 minute). `undefined` when the id is already another session's.
 */
export async function insertSession(em: EntityManager, session: NewSession): Promise<string | undefined> {
  const rows = await sqlRows<{ id: string }>(
    em,
    `with lapsed as (
       update "session" s set "ended_at" = s."last_activity_at" + ${END_PAD}
        where s."child_id" = ? and s."user_id" = ? and s."ended_at" is null
          and s."last_activity_at" <= ?::timestamptz - ${IDLE}
     )
     insert into "session" ("id", "child_id", "user_id", "role", "setting", "implicit", "started_at", "last_activity_at")
     values (?, ?, ?, ${ROLE_OF_USER}, ?, ?, ?, ?)
     on conflict ("id") do nothing
     returning "id"`,
    [
      session.childId,
      session.userId,
      session.startedAt,
      session.id,
      session.childId,
      session.userId,
      session.userId,
      session.fallbackRole,
      session.setting,
      session.implicit,
      session.startedAt,
      session.startedAt,
    ],
  );
  return rows[0]?.id;
}

/** The child's session `id`, as the calls answer it. */
export async function sessionOfChild(
  em: EntityManager,
  childId: string,
  id: string,
): Promise<SessionRow | undefined> {
  const rows = await sqlRows<SessionRow>(
    em,
    sessionsFrom(`select "id" from "session" where "id" = ? and "child_id" = ?`),
    [id, childId],
  );
  return rows[0];
}

/** The id of the user's running session with the child (open and not idle), or null. Parameters: child, user. */
export const RUNNING_SESSION_ID = `(select s."id" from "session" s
  where s."child_id" = ? and s."user_id" = ? and ${EFFECTIVE_END} is null
  order by s."last_activity_at" desc, s."id" limit 1)`;

/** The user's running session with the child (open and not idle), if any. */
export async function runningSession(
  em: EntityManager,
  childId: string,
  userId: string,
): Promise<SessionRow | undefined> {
  const rows = await sqlRows<SessionRow>(em, sessionsFrom(`select ${RUNNING_SESSION_ID} as "id"`), [
    childId,
    userId,
  ]);
  return rows[0];
}

/** Ends the user's open sessions with the child now (an explicit start begins a new one). */
export async function endOpenSessions(em: EntityManager, childId: string, userId: string): Promise<void> {
  await sqlRows(
    em,
    `update "session" s set "ended_at" = ${END_NOW}
      where s."child_id" = ? and s."user_id" = ? and s."ended_at" is null`,
    [childId, userId],
  );
}

/**
 * Ends the child's session `id` at the device's time `at` or now (or where it ended by idling); only `onlyOf`'s session
 * when it is given. An ended session stays as it is. Whether there was such a session.
 */
export async function endSession(
  em: EntityManager,
  childId: string,
  id: string,
  onlyOf: string | null,
  at?: Date,
): Promise<boolean> {
  const end = endAt(at);
  const rows = await sqlRows(
    em,
    `update "session" s set "ended_at" = ${end.sql}
      where s."id" = ? and s."child_id" = ? and (?::uuid is null or s."user_id" = ?::uuid)
      returning 1`,
    [...end.params, id, childId, onlyOf, onlyOf],
  );
  return rows.length > 0;
}

/**
 * The child's sessions that started between two of its local days (inclusive; open-ended without them), newest
 * first, at most `limit`.
 */
export async function sessionsOfChild(
  em: EntityManager,
  childId: string,
  from: string | undefined,
  to: string | undefined,
  limit: number,
): Promise<SessionRow[]> {
  return sqlRows<SessionRow>(
    em,
    `${sessionsFrom(
      `select s."id" from "session" s join "child" c on c."id" = s."child_id"
        where s."child_id" = ?
          and (?::date is null or s."started_at" >= (?::date)::timestamp at time zone c."time_zone")
          and (?::date is null or s."started_at" < (?::date + 1)::timestamp at time zone c."time_zone")
        order by s."started_at" desc, s."id" desc limit ${Math.trunc(limit)}`,
    )} order by s."started_at" desc, s."id" desc`,
    [childId, from ?? null, from ?? null, to ?? null, to ?? null],
  );
}

/** Ends every session idle for 30 minutes, at its last activity + 1 minute (the housekeeping sweep). */
export async function endIdleSessions(em: EntityManager): Promise<number> {
  const rows = await sqlRows(
    em,
    `update "session" s set "ended_at" = s."last_activity_at" + ${END_PAD}
      where s."ended_at" is null and s."last_activity_at" <= now() - ${IDLE}
      returning 1`,
  );
  return rows.length;
}
