import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { z } from 'zod';
import type { ChildLocator } from '../child-access/child-access.types.js';
import { BehaviorNotFound } from './behaviors.errors.js';
import { childOfBehavior } from './behaviors.queries.js';

const uuid = z.uuid();

/** `/api/behavior/{id}/…`: the behaviour's child decides who may call (404 for an unknown or malformed id). */
@Injectable()
export class BehaviorChildLocator implements ChildLocator {
  constructor(@Inject(EntityManager) private readonly em: EntityManager) {}

  async childOf(key: string): Promise<string> {
    if (!uuid.safeParse(key).success) throw new BehaviorNotFound();
    const childId = await childOfBehavior(this.em, key);
    if (!childId) throw new BehaviorNotFound();
    return childId;
  }
}
