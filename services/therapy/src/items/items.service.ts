import { Inject, Injectable } from '@nestjs/common';
import { type EntityManager, MikroORM } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { itemDescriptionProblem, PlanMessages, type ItemStatus, type PlanItem } from '@aba/contracts/api';
import { NotFound, ValidationFailed } from '@aba/server-kit';
import { toItemDto, type ItemRow } from '../plans/plan-dto.js';
import { isUuid, sqlRows } from '../sql-rows.js';
import { subPlanStore } from '../plans/plans.service.js';
import { KEEPS_CHILD, writeToChild } from '../children/child-writes.js';

export class ItemNotFound extends NotFound {
  constructor() {
    super(PlanMessages.itemNotFound);
  }
}

/** Items of a child's sub-plans. */
@Injectable()
export class ItemsService {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  private em(): EntityManager {
    return this.orm.em.fork();
  }

  /**
   * Spec §5: a new item needs a description (trimmed, non-empty). New items are IN_LEARNING. One statement, which
   * also checks that the sub-plan is the child's and keeps the child.
   */
  async create(childId: string, subPlanId: string, description: string): Promise<PlanItem> {
    const problem = itemDescriptionProblem(description);
    if (problem) throw new ValidationFailed(problem);
    if (!isUuid(subPlanId)) throw subPlanStore.notFound();
    const em = this.em();
    const insert = () =>
      sqlRows<ItemRow>(
        em,
        `insert into "therapy"."sub_plan_item" ("id", "sub_plan_id", "description", "status")
         select ?, s."id", ?, 'IN_LEARNING' from "therapy"."sub_plan" s
          where s."id" = ? and s."child_id" = ? and ${KEEPS_CHILD}
         returning "id", "description", "status", "sub_plan_id", "created_at"`,
        [randomUUID(), description.trim(), subPlanId, childId, childId],
      ).then((rows) => rows[0]);
    return toItemDto(await writeToChild(em, childId, insert, () => subPlanStore.notFound()));
  }

  /** Deletes the child's item and its evaluations (one statement, which keeps the child); 404 otherwise. */
  async delete(childId: string, itemId: string): Promise<void> {
    if (!isUuid(itemId)) throw new ItemNotFound();
    const em = this.em();
    const remove = () =>
      sqlRows<{ id: string }>(
        em,
        `delete from "therapy"."sub_plan_item" i using "therapy"."sub_plan" s
          where i."id" = ? and s."id" = i."sub_plan_id" and s."child_id" = ? and ${KEEPS_CHILD}
         returning i."id"`,
        [itemId, childId, childId],
      ).then((rows) => rows[0]);
    await writeToChild(em, childId, remove, () => new ItemNotFound());
  }

  /** Sets the status of the child's item (one statement, which keeps the child); 404 otherwise. */
  async setStatus(childId: string, itemId: string, status: ItemStatus): Promise<PlanItem> {
    if (!isUuid(itemId)) throw new ItemNotFound();
    const em = this.em();
    const update = () =>
      sqlRows<ItemRow>(
        em,
        `update "therapy"."sub_plan_item" i set "status" = ?, "updated_at" = now()
           from "therapy"."sub_plan" s
          where i."id" = ? and s."id" = i."sub_plan_id" and s."child_id" = ? and ${KEEPS_CHILD}
         returning i."id", i."description", i."status", i."sub_plan_id", i."created_at"`,
        [status, itemId, childId, childId],
      ).then((rows) => rows[0]);
    return toItemDto(await writeToChild(em, childId, update, () => new ItemNotFound()));
  }

  /** The child an item belongs to (through its sub-plan), for `/api/sub-plan-item/{id}/…`; 404 otherwise. */
  async childOf(itemId: string): Promise<string> {
    if (!isUuid(itemId)) throw new ItemNotFound();
    const rows = await sqlRows<{ child_id: string }>(
      this.em(),
      `select s."child_id" from "therapy"."sub_plan_item" i
           join "therapy"."sub_plan" s on s."id" = i."sub_plan_id"
          where i."id" = ?`,
      [itemId],
    );
    if (!rows[0]) throw new ItemNotFound();
    return rows[0].child_id;
  }
}
