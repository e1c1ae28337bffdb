import type { TherapySession } from '@aba/contracts/api';
import { toIso } from '@aba/server-kit';
import type { SessionRow } from './sessions.queries.js';

export function toSessionDto(row: SessionRow, now: Date = new Date()): TherapySession {
  const startedAt = new Date(row.startedAt);
  const end = row.endedAt === null ? now : new Date(row.endedAt);
  return {
    id: row.id,
    child_id: row.childId,
    user_id: row.userId,
    person: [row.firstName, row.lastName].filter(Boolean).join(' '),
    role: row.role,
    setting: row.setting,
    implicit: row.implicit,
    started_at: startedAt.toISOString(),
    last_activity_at: toIso(row.lastActivityAt),
    ended_at: row.endedAt === null ? null : toIso(row.endedAt),
    duration_seconds: Math.max(0, Math.round((end.getTime() - startedAt.getTime()) / 1000)),
    trials: row.trials,
    behaviors: row.behaviors,
  };
}
