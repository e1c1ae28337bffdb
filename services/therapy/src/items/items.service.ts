import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { itemDescriptionProblem, type PlanItem } from '@aba/contracts/api';
import { isUuid, ValidationFailed } from '@aba/server-kit';
import { withAudit } from '../audit-trail/audit-trail.js';
import type { ChildAccessGrant } from '../child-access/child-access.types.js';
import { writeToChild } from '../children/child-writes.js';
import { subPlanStore } from '../sub-plans/sub-plans.queries.js';
import { ItemNotFound } from './items.errors.js';
import { childOfItem, deleteItem, insertItem } from './items.queries.js';

/** Items of a child's sub-plans. */
@Injectable()
export class ItemsService {
  constructor(@Inject(EntityManager) private readonly em: EntityManager) {}

  /**
   * Spec §5: a new item needs a description (trimmed, non-empty). New items are IN_LEARNING. One statement, which
   * also checks that the sub-plan is the child's and keeps the child.
   */
  async create(grant: ChildAccessGrant, subPlanId: string, description: string): Promise<PlanItem> {
    const problem = itemDescriptionProblem(description);
    if (problem) throw new ValidationFailed(problem);
    if (!isUuid(subPlanId)) throw subPlanStore.notFound();
    const { em } = this;
    const { childId, userId: actorId } = grant;
    const insert = () =>
      withAudit(
        em,
        () => insertItem(em, childId, subPlanId, description.trim()),
        (item) => [
          {
            childId,
            actorId,
            kind: 'ITEM_CREATED',
            entityId: item.id,
            after: { description: item.description, sub_plan_id: subPlanId, status: item.status },
          },
        ],
      );
    return writeToChild(em, childId, insert, () => subPlanStore.notFound());
  }

  /** Deletes the child's item and its evaluations (one statement, which keeps the child); 404 otherwise. */
  async delete(grant: ChildAccessGrant, itemId: string): Promise<void> {
    if (!isUuid(itemId)) throw new ItemNotFound();
    const { em } = this;
    const { childId, userId: actorId } = grant;
    const remove = () =>
      withAudit(
        em,
        () => deleteItem(em, childId, itemId),
        (before) => [{ childId, actorId, kind: 'ITEM_DELETED', entityId: itemId, before }],
      );
    await writeToChild(em, childId, remove, () => new ItemNotFound());
  }

  /** The child an item belongs to (through its sub-plan), for `/api/sub-plan-item/{id}/…`; 404 otherwise. */
  async childOf(itemId: string): Promise<string> {
    if (!isUuid(itemId)) throw new ItemNotFound();
    const childId = await childOfItem(this.em, itemId);
    if (!childId) throw new ItemNotFound();
    return childId;
  }
}
