import { Inject, Injectable } from '@nestjs/common';
import { type EntityManager, MikroORM } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { itemDescriptionProblem, PlanMessages, type ItemStatus, type PlanItem } from '@aba/contracts/api';
import { NotFound, ValidationFailed } from '@aba/server-kit';
import { toItemDto, type ItemRow } from '../plans/plan-dto.js';
import { isUuid, sqlRows } from '../sql-rows.js';
import { subPlanStore } from '../plans/plans.service.js';
import { SubPlanItem } from './item.entity.js';

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
   * also checks that the sub-plan is the child's.
   */
  async create(childId: string, subPlanId: string, description: string): Promise<PlanItem> {
    const problem = itemDescriptionProblem(description);
    if (problem) throw new ValidationFailed(problem);
    if (!isUuid(subPlanId)) throw subPlanStore.notFound();
    const rows = await sqlRows<ItemRow>(
      this.em(),
      `insert into "therapy"."sub_plan_item" ("id", "sub_plan_id", "description", "status")
       select ?, s."id", ?, 'IN_LEARNING' from "therapy"."sub_plan" s where s."id" = ? and s."child_id" = ?
       returning "id", "description", "status", "sub_plan_id", "created_at"`,
      [randomUUID(), description.trim(), subPlanId, childId],
    );
    if (!rows[0]) throw subPlanStore.notFound();
    return toItemDto(rows[0]);
  }

  /** The child's item `itemId` (through its sub-plan), or 404. */
  private async find(em: EntityManager, childId: string, itemId: string): Promise<SubPlanItem> {
    if (!isUuid(itemId)) throw new ItemNotFound();
    const rows = await sqlRows<{ id: string }>(
      em,
      `select i."id" from "therapy"."sub_plan_item" i
           join "therapy"."sub_plan" s on s."id" = i."sub_plan_id"
          where i."id" = ? and s."child_id" = ?`,
      [itemId, childId],
    );
    const item = rows[0] ? await em.findOne(SubPlanItem, rows[0].id) : null;
    if (!item) throw new ItemNotFound();
    return item;
  }

  /** Deletes the item and its evaluations. */
  async delete(childId: string, itemId: string): Promise<void> {
    const em = this.em();
    const item = await this.find(em, childId, itemId);
    await em.nativeDelete(SubPlanItem, { id: item.id });
  }

  async setStatus(childId: string, itemId: string, status: ItemStatus): Promise<PlanItem> {
    const em = this.em();
    const item = await this.find(em, childId, itemId);
    item.status = status;
    await em.flush();
    return toItemDto(item);
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
