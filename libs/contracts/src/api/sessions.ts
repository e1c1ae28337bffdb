import { z } from 'zod';
import { dataRoleSchema, sessionSettingSchema } from './mastery.js';

/**
 * Sessions (issue 15): a span of one user's work with one child. Starting one is one tap and never required: data
 * captured with no open session opens an implicit one at its capture time, and a session with no activity for 30
 * minutes ends itself one minute after its last activity. Two users with the child at once have two sessions.
 */
export const SessionMessages = {
  sessionNotFound: 'Session does not exist',
  sessionIdInvalid: 'session_id: expected a session id',
  capturedAtInvalid: 'captured_at: expected an ISO date and time with its offset',
  notYourSession: 'Only its author, the owner or a coordinator may end a session',
  sessionIdTaken: 'This session id is already used',
  recordIdInvalid: 'id: expected a record id (UUID)',
  recordIdTaken: 'This record id belongs to another record',
  dateRangeInvalid: 'The start date must not be after the end date',
} as const;

/**
 * How far ahead of the server's clock a device's capture time may be (clock drift), in milliseconds; further ahead, the
 * capture is recorded at the server's time.
 */
export const CAPTURE_CLOCK_TOLERANCE_MS = 5 * 60_000;

/** What every capture (evaluation, behaviour occurrence, ABC entry) may say about its session and its time. */
export const captureFieldsSchema = z.object({
  /** The session it belongs to; a new id (made on the device) opens that session. */
  session_id: z.uuid({ error: SessionMessages.sessionIdInvalid }).optional(),
  /** When it was captured on the device (ISO with offset); the server's time when absent. */
  captured_at: z.iso.datetime({ offset: true, error: SessionMessages.capturedAtInvalid }).optional(),
});
export type CaptureFields = z.infer<typeof captureFieldsSchema>;

/**
 * A capture the device made and may send again (an evaluation, a behaviour occurrence): its id, made on the device,
 * makes every repeat a no-op that answers the record as first written (issue 16: exactly once).
 */
export const recordedCaptureFieldsSchema = captureFieldsSchema.extend({
  id: z.uuid({ error: SessionMessages.recordIdInvalid }).optional(),
});
export type RecordedCaptureFields = z.infer<typeof recordedCaptureFieldsSchema>;

/** POST /api/child/{id}/session/start `{ id?, setting?, captured_at? }` → 200 `{ session }` (the running one if there is one). */
export const startSessionRequestSchema = z.object({
  id: z.uuid({ error: SessionMessages.sessionIdInvalid }).optional(),
  setting: sessionSettingSchema.optional(),
  /** When it was started on the device (a phone offline sends it later); the server's time when absent. */
  captured_at: captureFieldsSchema.shape.captured_at,
});
export type StartSessionRequest = z.infer<typeof startSessionRequestSchema>;

/** POST /api/child/{id}/session/{sessionId}/end `{ captured_at? }`: when it was ended on the device. */
export const endSessionRequestSchema = captureFieldsSchema.pick({ captured_at: true });
export type EndSessionRequest = z.infer<typeof endSessionRequestSchema>;

export const therapySessionSchema = z.object({
  id: z.uuid(),
  child_id: z.uuid(),
  user_id: z.uuid(),
  /** The author's name ("Ana Popescu"); empty when the directory no longer knows the user. */
  person: z.string(),
  /** The author's role when the session started: whose data it is (parent data may not count toward mastery). */
  role: dataRoleSchema,
  setting: sessionSettingSchema.nullable(),
  /** Opened by a capture, not by a tap on start. */
  implicit: z.boolean(),
  started_at: z.iso.datetime(),
  last_activity_at: z.iso.datetime(),
  /** Null while it runs; a session idle for 30 minutes has ended one minute after its last activity. */
  ended_at: z.iso.datetime().nullable(),
  duration_seconds: z.number().int().nonnegative(),
  trials: z.number().int().nonnegative(),
  behaviors: z.number().int().nonnegative(),
});
export type TherapySession = z.infer<typeof therapySessionSchema>;

export const sessionResponseSchema = z.object({ session: therapySessionSchema });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/** A period of the child's local days (ISO dates, inclusive), either end open: the fields of a query that has one. */
export const LOCAL_DAY_PERIOD = {
  from: z.iso.date({ error: SessionMessages.dateRangeInvalid }).optional(),
  to: z.iso.date({ error: SessionMessages.dateRangeInvalid }).optional(),
};

/** A query's period must not end before it starts (`.refine(...PERIOD_IN_ORDER)`). */
export const PERIOD_IN_ORDER = [
  ({ from, to }: { from?: string; to?: string }) => !from || !to || from <= to,
  { error: SessionMessages.dateRangeInvalid },
] as const;

/** GET /api/child/{id}/session/list?from=&to= (the child's local days, inclusive) → `{ sessions }`, newest first. */
export const sessionListQuerySchema = z.object(LOCAL_DAY_PERIOD).refine(...PERIOD_IN_ORDER);
export const sessionListResponseSchema = z.object({ sessions: z.array(therapySessionSchema) });
export type SessionListResponse = z.infer<typeof sessionListResponseSchema>;
