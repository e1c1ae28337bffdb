import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import {
  mayOnChild,
  SessionMessages,
  type EndSessionRequest,
  type StartSessionRequest,
  type TherapySession,
} from '@aba/contracts/api';
import { ChildNotFound, Conflict, Forbidden, isUuid } from '@aba/server-kit';
import type { ChildAccessGrant } from '../child-access/child-access.types.js';
import { licensedCapture, roleOfRelation } from './session-capture.js';
import { toSessionDto } from './session.dto.js';
import { SessionNotFound } from './sessions.errors.js';
import {
  endOpenSessions,
  endSession,
  insertSession,
  lockChildForSessionOpen,
  runningSession,
  sessionOfChild,
  sessionsOfChild,
} from './sessions.queries.js';

/** How many sessions one list answers at most (two years of daily sessions by two people fit). */
export const SESSION_LIST_LIMIT = 2000;

/** A child's sessions: start, end, list. Captures open sessions of their own (`captureInSession`). */
@Injectable()
export class SessionsService {
  constructor(@Inject(EntityManager) private readonly em: EntityManager) {}

  /**
   * Starts a session of the caller with the child. Without an id, the caller's running session if there is one (a
   * second tap starts nothing new). With an id: that session when it is already the caller's with the child (a
   * device repeating its call), else a new one that ends the caller's running one.
   */
  async start(grant: ChildAccessGrant, request: StartSessionRequest): Promise<TherapySession> {
    const { childId, userId } = grant;
    const { capturedAt } = await licensedCapture(this.em, grant, { captured_at: request.captured_at });
    return this.em.transactional(async (tx) => {
      if (!(await lockChildForSessionOpen(tx, childId))) throw new ChildNotFound();
      if (request.id) {
        const known = await sessionOfChild(tx, childId, request.id);
        if (known && known.userId === userId) return toSessionDto(known);
        if (known) throw new Conflict(SessionMessages.sessionIdTaken);
        await endOpenSessions(tx, childId, userId);
      } else {
        const running = await runningSession(tx, childId, userId);
        if (running) return toSessionDto(running);
      }
      const id = await insertSession(tx, {
        id: request.id ?? randomUUID(),
        childId,
        userId,
        fallbackRole: roleOfRelation(grant.relation),
        setting: request.setting ?? null,
        implicit: false,
        startedAt: capturedAt,
      });
      // The id was free under the child's lock unless another child's session holds it.
      const started = id && (await sessionOfChild(tx, childId, id));
      if (!started) throw new Conflict(SessionMessages.sessionIdTaken);
      return toSessionDto(started);
    });
  }

  /**
   * Ends a session, at the device's time (`captured_at`) or now: the caller's own, or any of the child's for its owner
   * and coordinators. Ending an ended session again changes nothing (a device repeating its call).
   */
  async end(
    grant: ChildAccessGrant,
    sessionId: string,
    request: EndSessionRequest = {},
  ): Promise<TherapySession> {
    if (!isUuid(sessionId)) throw new SessionNotFound();
    const onlyOf = mayOnChild(grant.relation, 'edit') ? null : grant.userId;
    const { capturedAt } = await licensedCapture(this.em, grant, request);
    const at = request.captured_at === undefined ? undefined : capturedAt;
    if (!(await endSession(this.em, grant.childId, sessionId, onlyOf, at))) {
      throw (await sessionOfChild(this.em, grant.childId, sessionId))
        ? new Forbidden(SessionMessages.notYourSession)
        : new SessionNotFound();
    }
    return toSessionDto((await sessionOfChild(this.em, grant.childId, sessionId))!);
  }

  async list(grant: ChildAccessGrant, from?: string, to?: string): Promise<TherapySession[]> {
    const rows = await sessionsOfChild(this.em, grant.childId, from, to, SESSION_LIST_LIMIT);
    const now = new Date();
    return rows.map((row) => toSessionDto(row, now));
  }
}
