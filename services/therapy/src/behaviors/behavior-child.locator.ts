import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import { z } from 'zod';
import type { ChildLocator } from '../child-access/child-access.types.js';
import { BehaviorNotFound } from './behaviors.errors.js';
import { childOfBehavior } from './behaviors.queries.js';

const uuid = z.uuid();

/** `/api/behavior/{id}/…`: the behaviour's child decides who may call (404 for an unknown or malformed id). */
@Injectable()
export class BehaviorChildLocator implements ChildLocator {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async childOf(key: string): Promise<string> {
    if (!uuid.safeParse(key).success) throw new BehaviorNotFound();
    const childId = await childOfBehavior(this.orm.em.fork(), key);
    if (!childId) throw new BehaviorNotFound();
    return childId;
  }
}
