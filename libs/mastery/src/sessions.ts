/**
 * Sessions: a span of one user's work with one child. A session with no activity for `SESSION_IDLE_MS` ends itself,
 * at its last activity + `SESSION_END_PAD_MS`.
 */

/** No activity for this long ends a session. */
export const SESSION_IDLE_MS = 30 * 60_000;
/** A session that ended itself ends this long after its last activity. */
export const SESSION_END_PAD_MS = 60_000;

/** True when a session whose last activity was at `lastActivityAt` has ended itself by `now`. */
export function sessionLapsed(lastActivityAt: Date, now: Date): boolean {
  return now.getTime() - lastActivityAt.getTime() >= SESSION_IDLE_MS;
}

/** When a session that ended itself ended: its last activity + 1 minute. */
export function idleEnd(lastActivityAt: Date): Date {
  return new Date(lastActivityAt.getTime() + SESSION_END_PAD_MS);
}
