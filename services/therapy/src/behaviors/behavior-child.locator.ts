import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import { z } from 'zod';
import type { ChildLocator } from '../child-access/child-access.types.js';
import { BehaviorNotFound } from './behaviors.errors.js';
import { sqlRows } from '@aba/server-kit';

const uuid = z.uuid();

/** `/api/behavior/{id}/…`: the behaviour's child decides who may call (404 for an unknown or malformed id). */
@Injectable()
export class BehaviorChildLocator implements ChildLocator {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async childOf(key: string): Promise<string> {
    if (!uuid.safeParse(key).success) throw new BehaviorNotFound();
    const rows = await sqlRows<{ child_id: string }>(
      this.orm.em.fork(),
      'select "child_id" from "behavior" where "id" = ?',
      [key],
    );
    if (!rows[0]) throw new BehaviorNotFound();
    return rows[0].child_id;
  }
}
