import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { itemDescriptionProblem, type PlanItem } from '@aba/contracts/api';
import { isUuid, ValidationFailed } from '@aba/server-kit';
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
  async create(childId: string, subPlanId: string, description: string): Promise<PlanItem> {
    const problem = itemDescriptionProblem(description);
    if (problem) throw new ValidationFailed(problem);
    if (!isUuid(subPlanId)) throw subPlanStore.notFound();
    const em = this.em;
    const insert = () => insertItem(em, childId, subPlanId, description.trim());
    return writeToChild(em, childId, insert, () => subPlanStore.notFound());
  }

  /** Deletes the child's item and its evaluations (one statement, which keeps the child); 404 otherwise. */
  async delete(childId: string, itemId: string): Promise<void> {
    if (!isUuid(itemId)) throw new ItemNotFound();
    const em = this.em;
    await writeToChild(
      em,
      childId,
      () => deleteItem(em, childId, itemId),
      () => new ItemNotFound(),
    );
  }

  /** The child an item belongs to (through its sub-plan), for `/api/sub-plan-item/{id}/…`; 404 otherwise. */
  async childOf(itemId: string): Promise<string> {
    if (!isUuid(itemId)) throw new ItemNotFound();
    const childId = await childOfItem(this.em, itemId);
    if (!childId) throw new ItemNotFound();
    return childId;
  }
}
