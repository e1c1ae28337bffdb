import { PERIOD_IN_ORDER, type TherapySession } from '@aba/contracts/api';
import type { OutboxRecord } from '@aba/web-kit/outbox';

/**
 * The session bar's and the session list's logic (issue 15), pure: which session is the user's running one, how long
 * it has run, the days the bar and the list read, and the list's date range.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** The user's running session with the child among `sessions` (newest first): not ended and theirs; else null. */
export function runningSessionOf(
  sessions: readonly TherapySession[] | undefined,
  userId: string | null,
): TherapySession | null {
  if (!sessions || userId === null) return null;
  return sessions.find((session) => session.ended_at === null && session.user_id === userId) ?? null;
}

/** The outbox's id of a session's end: one per session, however often End is tapped. */
export const endRecordId = (sessionId: string) => `end:${sessionId}`;

/** The session the bar shows as running: the server's, or one the phone started and keeps (`kept`). */
export interface RunningSession {
  id: string;
  started_at: string;
  kept: boolean;
}

/**
 * What runs as far as this phone knows: the server's running session unless the phone keeps its end, else a start the
 * phone keeps for the child whose end it does not keep (`records`: the user's outbox).
 */
export function runningOnDevice(
  onServer: TherapySession | null,
  records: readonly Pick<OutboxRecord, 'id' | 'kind' | 'childId' | 'capturedAt'>[],
  childId: string,
): RunningSession | null {
  const endKept = (sessionId: string) => records.some((record) => record.id === endRecordId(sessionId));
  if (onServer && !endKept(onServer.id))
    return { id: onServer.id, started_at: onServer.started_at, kept: false };
  const kept = records.findLast(
    (record) => record.kind === 'session-start' && record.childId === childId && !endKept(record.id),
  );
  return kept ? { id: kept.id, started_at: kept.capturedAt, kept: true } : null;
}

/** Whole seconds a session has run at `now` (never negative: the device's clock may be behind the server's). */
export function elapsedSeconds(startedAt: string, now: number): number {
  const started = Date.parse(startedAt);
  return Number.isNaN(started) ? 0 : Math.max(0, Math.floor((now - started) / 1000));
}

/** Milliseconds until the whole minutes a session has run change (at least one millisecond). */
export function msUntilNextMinute(startedAt: string, now: number): number {
  const started = Date.parse(startedAt);
  if (Number.isNaN(started) || now < started) return MINUTE_MS;
  return MINUTE_MS - ((now - started) % MINUTE_MS) || MINUTE_MS;
}

/** A duration as its translation key and values: under a minute, minutes, or hours and minutes. */
export type DurationText =
  | { key: 'sessions.duration.underMinute' }
  | { key: 'sessions.duration.minutes'; minutes: number }
  | { key: 'sessions.duration.hours'; hours: number; minutes: number };

export function durationText(seconds: number): DurationText {
  const minutes = Math.floor(Math.max(0, seconds) / 60);
  if (minutes === 0) return { key: 'sessions.duration.underMinute' };
  if (minutes < 60) return { key: 'sessions.duration.minutes', minutes };
  return { key: 'sessions.duration.hours', hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}

/** The calendar day `days` after `day` (`YYYY-MM-DD`; negative goes back). */
export function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The first local day the session bar reads sessions from, `today` being the child's: a running session has had
 * activity in the last 30 minutes, so one that started yesterday evening is still found.
 */
export function runningLookupFrom(today: string): string {
  return shiftDay(today, -1);
}

/** The list's range when it opens: the last 30 of the child's days, today included. */
export function defaultListRange(today: string): { from: string; to: string } {
  return { from: shiftDay(today, -29), to: today };
}

/** What is wrong with a range of days (`YYYY-MM-DD`, either may be empty), as the server would say it; null when fine. */
export function dateRangeProblem(from: string, to: string): string | null {
  const [inOrder, { error }] = PERIOD_IN_ORDER;
  return inOrder({ from: from || undefined, to: to || undefined }) ? null : error;
}

/**
 * `sessions` with `session` in place of the one with its id; when it is not there, first (it is the newest) if
 * `addIfMissing`.
 */
export function upsertSession(
  sessions: readonly TherapySession[],
  session: TherapySession,
  addIfMissing: boolean,
): TherapySession[] {
  if (sessions.some((known) => known.id === session.id)) {
    return sessions.map((known) => (known.id === session.id ? session : known));
  }
  return addIfMissing ? [session, ...sessions] : [...sessions];
}
