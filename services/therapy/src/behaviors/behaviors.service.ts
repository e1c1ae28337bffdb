import { Inject, Injectable } from '@nestjs/common';
import { type EntityManager, MikroORM, UniqueConstraintViolationException } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  BEHAVIOR_TRACKING_LIMIT,
  BehaviorMessages,
  parseBehaviorForm,
  type Behavior as BehaviorDto,
  type BehaviorDetailResponse,
  type BehaviorTracking as BehaviorTrackingDto,
} from '@aba/contracts/api';
import { Conflict, ValidationFailed } from '@aba/server-kit';
import type { ChildAccessGrant } from '../child-access/child-access.types.js';
import { Behavior, BehaviorTracking } from './behavior.entity.js';
import { BehaviorNotFound } from './behaviors.errors.js';

const uuid = z.uuid();

export function toBehaviorDto(behavior: Behavior): BehaviorDto {
  return { id: behavior.id, name: behavior.name, description: behavior.description, child_id: behavior.child.id };
}

export function toTrackingDto(entry: BehaviorTracking): BehaviorTrackingDto {
  return { id: entry.id, behavior_id: entry.behavior.id, date_logged: entry.dateLogged.toISOString() };
}

const byName = new Intl.Collator('ro', { sensitivity: 'base', numeric: true });

/** A child's behaviours: list, create (unique name per child), delete (with its log), read with its tracking, log. */
@Injectable()
export class BehaviorsService {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  /** The child's behaviour `behaviorId`, or 404 (unknown, malformed, or another child's). */
  static async ofChild(em: EntityManager, childId: string, behaviorId: string): Promise<Behavior> {
    if (!uuid.safeParse(behaviorId).success) throw new BehaviorNotFound();
    const behavior = await em.findOne(Behavior, { id: behaviorId, child: childId });
    if (!behavior) throw new BehaviorNotFound();
    return behavior;
  }

  async list(grant: ChildAccessGrant): Promise<BehaviorDto[]> {
    const behaviors = await this.orm.em.fork().find(Behavior, { child: grant.childId });
    return behaviors
      .map(toBehaviorDto)
      .sort((a, b) => byName.compare(a.name, b.name) || a.id.localeCompare(b.id));
  }

  async create(grant: ChildAccessGrant, body: unknown): Promise<BehaviorDto> {
    const form = parseBehaviorForm(body);
    if ('problem' in form) throw new ValidationFailed(form.problem);
    try {
      return await this.orm.em.fork().transactional(async (em) => {
        const [{ taken }] = await em
          .getConnection()
          .execute<{ taken: number }[]>(
            'select count(*)::int as "taken" from "therapy"."behavior" where "child_id" = ? and lower("name") = lower(?)',
            [grant.childId, form.name],
          );
        if (taken > 0) throw new Conflict(BehaviorMessages.nameTaken);
        const behavior = em.create(Behavior, {
          id: randomUUID(),
          child: grant.childId,
          name: form.name,
          description: form.description,
          createdBy: grant.userId,
        });
        em.persist(behavior);
        await em.flush();
        return toBehaviorDto(behavior);
      });
    } catch (error) {
      // Two concurrent creates of the same name: the unique index decides.
      if (error instanceof UniqueConstraintViolationException) throw new Conflict(BehaviorMessages.nameTaken);
      throw error;
    }
  }

  /** Deletes the behaviour; its tracking and ABC entries go with it (the database cascades). */
  async delete(grant: ChildAccessGrant, behaviorId: string): Promise<void> {
    if (!uuid.safeParse(behaviorId).success) throw new BehaviorNotFound();
    const deleted = await this.orm.em.fork().nativeDelete(Behavior, { id: behaviorId, child: grant.childId });
    if (deleted === 0) throw new BehaviorNotFound();
  }

  /** The behaviour with its tracking entries, oldest first (the newest `BEHAVIOR_TRACKING_LIMIT`). */
  async detail(grant: ChildAccessGrant, behaviorId: string): Promise<BehaviorDetailResponse> {
    const em = this.orm.em.fork();
    const behavior = await BehaviorsService.ofChild(em, grant.childId, behaviorId);
    const entries = await em.find(
      BehaviorTracking,
      { behavior: behavior.id },
      { orderBy: { dateLogged: 'desc', id: 'desc' }, limit: BEHAVIOR_TRACKING_LIMIT },
    );
    return { behavior: toBehaviorDto(behavior), behavior_tracking: entries.reverse().map(toTrackingDto) };
  }

  /** One occurrence, now. */
  async log(grant: ChildAccessGrant, behaviorId: string): Promise<BehaviorTrackingDto> {
    const em = this.orm.em.fork();
    const behavior = await BehaviorsService.ofChild(em, grant.childId, behaviorId);
    const entry = em.create(BehaviorTracking, {
      id: randomUUID(),
      behavior,
      dateLogged: new Date(),
      loggedBy: grant.userId,
    });
    await em.persist(entry).flush();
    return toTrackingDto(entry);
  }
}
