import type { EntityManager } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { preparedRows, sqlRows } from '@aba/server-kit';
import { KEEPS_CHILD } from '../children/child-writes.js';
import { repeatOf } from '../sessions/session-capture.js';
import type { CaptureSession } from '../sessions/sessions.queries.js';

/** An occurrence as the log call answers it. */
export interface OccurrenceRow {
  id: string;
  behaviorId: string;
  dateLogged: string;
}

const OCCURRENCE_COLUMNS = `"id", "behavior_id" as "behaviorId", "date_logged" as "dateLogged"`;

export interface BehaviorCountRow {
  id: string;
  name: string;
  description: string;
  /** Occurrences logged from `since` on; null without `since`. */
  count: number | null;
}

/** The child's behaviours, unordered; with `since`, each with how many occurrences were logged from then on. */
export async function behaviorsOfChild(
  em: EntityManager,
  childId: string,
  since?: Date,
): Promise<BehaviorCountRow[]> {
  return sqlRows<BehaviorCountRow>(
    em,
    `select b."id", b."name", b."description", ${
      since === undefined
        ? 'null'
        : `(select count(*)::int from "behavior_tracking" t where t."behavior_id" = b."id" and t."date_logged" >= ?)`
    } as "count"
     from "behavior" b where b."child_id" = ?`,
    since === undefined ? [childId] : [since, childId],
  );
}

/** The child that behaviour `behaviorId` belongs to, if it exists. */
export async function childOfBehavior(em: EntityManager, behaviorId: string): Promise<string | undefined> {
  const rows = await sqlRows<{ child_id: string }>(em, 'select "child_id" from "behavior" where "id" = ?', [
    behaviorId,
  ]);
  return rows[0]?.child_id;
}

/**
 * Logs one occurrence of the child's behaviour in its session, keeping the child; `undefined` when the behaviour is
 * not the child's. A device's `id` already recorded writes nothing: the occurrence is answered as recorded
 * (`repeated`) if it is the same capture (behaviour, author), else 409.
 */
export async function insertOccurrence(
  em: EntityManager,
  occurrence: {
    id?: string;
    childId: string;
    behaviorId: string;
    loggedBy: string;
    session: CaptureSession;
    capturedAt: Date;
  },
): Promise<(OccurrenceRow & { repeated: boolean }) | undefined> {
  const { id, childId, behaviorId, loggedBy, session, capturedAt } = occurrence;
  const rows = await preparedRows<OccurrenceRow>(
    em,
    `with ${session.cte}
     insert into "behavior_tracking" ("id", "behavior_id", "date_logged", "logged_by", "session_id")
     select ?, b."id", ?, ?, cs."id" from "capture_session" cs, "behavior" b
      where b."id" = ? and b."child_id" = ? and ${KEEPS_CHILD}
     on conflict ("id") do nothing
     returning ${OCCURRENCE_COLUMNS}`,
    [...session.params, id ?? randomUUID(), capturedAt, loggedBy, behaviorId, childId, childId],
  );
  if (rows[0]) return { ...rows[0], repeated: false };
  if (id === undefined) return undefined;
  const [found] = await sqlRows<OccurrenceRow & { loggedBy: string }>(
    em,
    `select ${OCCURRENCE_COLUMNS}, "logged_by" as "loggedBy" from "behavior_tracking" where "id" = ?`,
    [id],
  );
  const recorded = repeatOf(found, (same) => same.behaviorId === behaviorId && same.loggedBy === loggedBy);
  if (!recorded) return undefined;
  const { loggedBy: _author, ...answer } = recorded;
  return { ...answer, repeated: true };
}
