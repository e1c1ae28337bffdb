import type { EntityManager } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import {
  CAPTURE_CLOCK_TOLERANCE_MS,
  SessionMessages,
  type CaptureFields,
  type ChildRelation,
  type DataRole,
} from '@aba/contracts/api';
import { ChildNotFound, Conflict } from '@aba/server-kit';
import type { ChildAccessGrant } from '../child-access/child-access.types.js';
import { LICENCE_GATE } from '../licences/licence.gate.js';
import { LicenceMissing } from '../licences/licences.errors.js';
import { childLicensedAt } from '../licences/licences.queries.js';
import { SessionNotFound } from './sessions.errors.js';
import {
  type Capture,
  type CaptureSession,
  insertSession,
  lockChildForSessionOpen,
  sessionById,
  touchedSession,
  touchSession,
} from './sessions.queries.js';

/** The role a user's data has when the directory does not know the user: what the relation implies. */
export const roleOfRelation = (relation: ChildRelation): DataRole =>
  relation === 'OWNER' ? 'PARENT' : relation === 'ADMIN' ? 'COORDINATOR' : 'THERAPIST';

/**
 * The capture a caller's `session_id` / `captured_at` stand for; the server's time when the device gave none. A time
 * ahead of the server's clock by more than the drift allowed is a device clock running fast: the capture is recorded
 * at the server's time (it cannot have happened after it arrived), never refused, since a refused tap would wait on
 * the phone for a person (ADR 0037).
 */
function captureOf(grant: ChildAccessGrant, fields: CaptureFields, now: Date): Capture {
  const claimed = fields.captured_at === undefined ? now : new Date(fields.captured_at);
  const capturedAt = claimed.getTime() > now.getTime() + CAPTURE_CLOCK_TOLERANCE_MS ? now : claimed;
  return {
    childId: grant.childId,
    userId: grant.userId,
    fallbackRole: roleOfRelation(grant.relation),
    sessionId: fields.session_id,
    capturedAt,
  };
}

/**
 * `captureOf`, for a child that held a licence when it was captured: one it holds (the access check read it: no
 * statement more), else one that ended after the capture time (a phone kept it offline meanwhile); 402 as the licence
 * gate otherwise. Every capture's call is `LICENCE_AT_CAPTURE_TIME` and comes through here.
 */
export async function licensedCapture(
  em: EntityManager,
  grant: ChildAccessGrant,
  fields: CaptureFields,
  now: Date = new Date(),
): Promise<Capture> {
  const capture = captureOf(grant, fields, now);
  const licensed =
    grant.facts[LICENCE_GATE] === true || (await childLicensedAt(em, grant.childId, capture.capturedAt));
  if (!licensed) throw new LicenceMissing();
  return capture;
}

/** Thrown inside the opening transaction to roll it back when the write found nothing to write. */
class NothingWritten extends Error {}

/**
 * Runs a capture's write (`write(em, session)`, which answers what it wrote or `undefined`) in its session: the one
 * the device named or the user's open one with the child, touched by the write's own statement (`touchedSession`),
 * else a new implicit session opened at the capture's time, in one transaction with the write so a write that finds
 * nothing leaves no empty session. Opening locks the child row against other opens only, so two captures never open
 * two sessions for one user; a session id another child's or user's session holds is 404 `Session does not exist`.
 */
export async function captureInSession<T>(
  em: EntityManager,
  capture: Capture,
  write: (em: EntityManager, session: CaptureSession) => Promise<T | undefined>,
): Promise<T | undefined> {
  const inRunningSession = await write(em, touchedSession(capture));
  if (inRunningSession !== undefined) return inRunningSession;
  try {
    return await em.transactional(async (tx) => {
      if (!(await lockChildForSessionOpen(tx, capture.childId))) throw new ChildNotFound();
      const sessionId =
        (await touchSession(tx, capture)) ??
        (await insertSession(tx, {
          id: capture.sessionId ?? randomUUID(),
          childId: capture.childId,
          userId: capture.userId,
          fallbackRole: capture.fallbackRole,
          setting: null,
          implicit: true,
          startedAt: capture.capturedAt,
        }));
      if (!sessionId) throw new SessionNotFound();
      const written = await write(tx, sessionById(sessionId));
      if (written === undefined) throw new NothingWritten();
      return written;
    });
  } catch (error) {
    if (error instanceof NothingWritten) return undefined;
    throw error;
  }
}

/**
 * What a capture's create answers: 201 (the route's) for a new record, 200 for a repeat of a device's id, which wrote
 * nothing and answers the record as first written (issue 16: exactly once).
 */
export function answered<T>(
  response: ServerResponse,
  { answer, repeated }: { answer: T; repeated: boolean },
): T {
  if (repeated) response.statusCode = 200;
  return answer;
}

/**
 * The record a device's id already names, found by a create that wrote nothing: answered as a repeat when it is the
 * same capture (`isSame`: the same child's object, the same author), else 409, the id being another capture's.
 */
export function repeatOf<T>(recorded: T | undefined, isSame: (recorded: T) => boolean): T | undefined {
  if (recorded !== undefined && !isSame(recorded)) throw new Conflict(SessionMessages.recordIdTaken);
  return recorded;
}
