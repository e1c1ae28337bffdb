import { Inject, Injectable } from '@nestjs/common';
import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  BEHAVIOR_TRACKING_LIMIT,
  BehaviorMessages,
  parseBehaviorForm,
  type Behavior as BehaviorDto,
  type BehaviorDetailResponse,
  type BehaviorListItem,
  type RecordedCaptureFields,
  type BehaviorTracking as BehaviorTrackingDto,
} from '@aba/contracts/api';
import { Conflict, ValidationFailed, sqlRows, toIso } from '@aba/server-kit';
import type { ChildAccessGrant } from '../child-access/child-access.types.js';
import { Behavior, BehaviorTracking } from './behavior.entity.js';
import { BehaviorNotFound } from './behaviors.errors.js';
import { withAudit } from '../audit-trail/audit-trail.js';
import { flushToChild, writeToChild } from '../children/child-writes.js';
import { behaviorsOfChild, insertOccurrence } from './behaviors.queries.js';
import { captureInSession, licensedCapture } from '../sessions/session-capture.js';

const uuid = z.uuid();

export function toBehaviorDto(behavior: Behavior): BehaviorDto {
  return {
    id: behavior.id,
    name: behavior.name,
    description: behavior.description,
    child_id: behavior.child.id,
  };
}

/** A tracking entry, from an entity or a raw row (whose timestamp the driver may hand over as text). */
export function toTrackingDto(entry: {
  id: string;
  behaviorId: string;
  dateLogged: Date | string;
}): BehaviorTrackingDto {
  return { id: entry.id, behavior_id: entry.behaviorId, date_logged: toIso(entry.dateLogged) };
}

const byName = new Intl.Collator('ro', { sensitivity: 'base', numeric: true });

/** A child's behaviours: list, create (unique name per child), delete (with its log), read with its tracking, log. */
@Injectable()
export class BehaviorsService {
  constructor(@Inject(EntityManager) private readonly em: EntityManager) {}

  /** The child's behaviour `behaviorId`, or null (unknown, malformed, or another child's). */
  static find(em: EntityManager, childId: string, behaviorId: string): Promise<Behavior | null> {
    if (!uuid.safeParse(behaviorId).success) return Promise.resolve(null);
    return em.findOne(Behavior, { id: behaviorId, child: childId });
  }

  /** The child's behaviour `behaviorId`, or 404 (unknown, malformed, or another child's). */
  static async ofChild(em: EntityManager, childId: string, behaviorId: string): Promise<Behavior> {
    const behavior = await BehaviorsService.find(em, childId, behaviorId);
    if (!behavior) throw new BehaviorNotFound();
    return behavior;
  }

  /** The child's behaviours by name; with `since`, each with how many occurrences were logged from then on. */
  async list(grant: ChildAccessGrant, since?: Date): Promise<BehaviorListItem[]> {
    const rows = await behaviorsOfChild(this.em, grant.childId, since);
    return rows
      .map((row): BehaviorListItem => ({
        id: row.id,
        name: row.name,
        description: row.description,
        child_id: grant.childId,
        ...(row.count === null ? {} : { occurrences_since: Number(row.count) }),
      }))
      .sort((a, b) => byName.compare(a.name, b.name) || a.id.localeCompare(b.id));
  }

  async create(grant: ChildAccessGrant, body: unknown): Promise<BehaviorDto> {
    const form = parseBehaviorForm(body);
    if ('problem' in form) throw new ValidationFailed(form.problem);
    const em = this.em;
    const behavior = em.create(Behavior, {
      id: randomUUID(),
      child: grant.childId,
      name: form.name,
      description: form.description,
      createdBy: grant.userId,
    });
    try {
      await writeToChild(em, grant.childId, async () => {
        await flushToChild(em.persist(behavior), grant.childId, {
          childId: grant.childId,
          actorId: grant.userId,
          kind: 'BEHAVIOR_CREATED',
          entityId: behavior.id,
          after: { name: form.name, description: form.description },
        });
        return behavior;
      });
    } catch (error) {
      // The unique index on (child, lower(name)) decides, also between concurrent creates.
      if (error instanceof UniqueConstraintViolationException) throw new Conflict(BehaviorMessages.nameTaken);
      throw error;
    }
    return toBehaviorDto(behavior);
  }

  /** Deletes the behaviour; its tracking and ABC entries go with it (the database cascades). */
  async delete(grant: ChildAccessGrant, behaviorId: string): Promise<void> {
    if (!uuid.safeParse(behaviorId).success) throw new BehaviorNotFound();
    const { em } = this;
    const deleted = await withAudit(
      em,
      () =>
        sqlRows<{ name: string; description: string }>(
          em,
          'delete from "behavior" where "id" = ? and "child_id" = ? returning "name", "description"',
          [behaviorId, grant.childId],
        ).then((rows) => rows[0]),
      (before) => [
        {
          childId: grant.childId,
          actorId: grant.userId,
          kind: 'BEHAVIOR_DELETED',
          entityId: behaviorId,
          before,
        },
      ],
    );
    if (!deleted) throw new BehaviorNotFound();
  }

  /** The behaviour with its tracking entries, oldest first (the newest `BEHAVIOR_TRACKING_LIMIT`). */
  async detail(grant: ChildAccessGrant, behaviorId: string): Promise<BehaviorDetailResponse> {
    const em = this.em;
    const behavior = await BehaviorsService.ofChild(em, grant.childId, behaviorId);
    const entries = await em.find(
      BehaviorTracking,
      { behavior: behavior.id },
      { orderBy: { dateLogged: 'desc', id: 'desc' }, limit: BEHAVIOR_TRACKING_LIMIT },
    );
    return {
      behavior: toBehaviorDto(behavior),
      behavior_tracking: entries
        .reverse()
        .map((entry) =>
          toTrackingDto({ id: entry.id, behaviorId: behavior.id, dateLogged: entry.dateLogged }),
        ),
    };
  }

  /**
   * One occurrence, at the device's capture time or now, in its session (`captureInSession`): one statement, which
   * also checks that the behaviour is the child's and keeps the child. A device's `id` already recorded is a repeat:
   * nothing is written and the occurrence is answered as recorded (`repeated`).
   */
  async log(
    grant: ChildAccessGrant,
    behaviorId: string,
    capture: RecordedCaptureFields,
  ): Promise<{ answer: BehaviorTrackingDto; repeated: boolean }> {
    if (!uuid.safeParse(behaviorId).success) throw new BehaviorNotFound();
    const em = this.em;
    const captured = await licensedCapture(em, grant, capture);
    const insert = () =>
      captureInSession(em, captured, (tx, session) =>
        insertOccurrence(tx, {
          id: capture.id,
          childId: grant.childId,
          behaviorId,
          loggedBy: grant.userId,
          session,
          capturedAt: captured.capturedAt,
        }),
      );
    const { repeated, ...row } = await writeToChild(em, grant.childId, insert, () => new BehaviorNotFound());
    return { answer: toTrackingDto(row), repeated };
  }
}
