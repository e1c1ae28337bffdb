import type { EntityManager } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { sqlRows } from '@aba/server-kit';
import { KEEPS_CHILD } from '../children/child-writes.js';

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
 * One occurrence of the child's behaviour, at the capture time, by `loggedBy`, in the capture's session, keeping the
 * child; `undefined` when the behaviour is not the child's.
 */
export async function insertOccurrence(
  em: EntityManager,
  occurrence: { childId: string; behaviorId: string; loggedBy: string; sessionId: string; capturedAt: Date },
): Promise<{ id: string; behaviorId: string; dateLogged: string } | undefined> {
  const { childId, behaviorId, loggedBy, sessionId, capturedAt } = occurrence;
  const rows = await sqlRows<{ id: string; behaviorId: string; dateLogged: string }>(
    em,
    `insert into "behavior_tracking" ("id", "behavior_id", "date_logged", "logged_by", "session_id")
     select ?, b."id", ?, ?, ? from "behavior" b
      where b."id" = ? and b."child_id" = ? and ${KEEPS_CHILD}
     returning "id", "behavior_id" as "behaviorId", "date_logged" as "dateLogged"`,
    [randomUUID(), capturedAt, loggedBy, sessionId, behaviorId, childId, childId],
  );
  return rows[0];
}
