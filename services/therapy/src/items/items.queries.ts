import type { EntityManager } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import type { ItemStatus, PlanItem } from '@aba/contracts/api';
import { KEEPS_CHILD } from '../children/child-writes.js';
import { toItemDto, type ItemRow } from './item.dto.js';
import { sqlRows } from '@aba/server-kit';

const ITEM_COLUMNS = `i."id", i."description", i."status", i."sub_plan_id", i."created_at"`;

/** A new IN_LEARNING item of the child's sub-plan, keeping the child; `undefined` when the sub-plan is not the child's. */
export async function insertItem(
  em: EntityManager,
  childId: string,
  subPlanId: string,
  description: string,
): Promise<PlanItem | undefined> {
  const rows = await sqlRows<ItemRow>(
    em,
    `insert into "sub_plan_item" ("id", "sub_plan_id", "description", "status")
     select ?, s."id", ?, 'IN_LEARNING' from "sub_plan" s
      where s."id" = ? and s."child_id" = ? and ${KEEPS_CHILD}
     returning "id", "description", "status", "sub_plan_id", "created_at"`,
    [randomUUID(), description, subPlanId, childId, childId],
  );
  return rows[0] && toItemDto(rows[0]);
}

/** Deletes the child's item (its evaluations cascade), keeping the child; `undefined` when it is not the child's. */
export async function deleteItem(
  em: EntityManager,
  childId: string,
  itemId: string,
): Promise<{ description: string; sub_plan_id: string; status: string } | undefined> {
  const rows = await sqlRows<{ description: string; sub_plan_id: string; status: string }>(
    em,
    `delete from "sub_plan_item" i using "sub_plan" s
      where i."id" = ? and s."id" = i."sub_plan_id" and s."child_id" = ? and ${KEEPS_CHILD}
     returning i."description", i."sub_plan_id", i."status"`,
    [itemId, childId, childId],
  );
  return rows[0];
}

/**
 * Sets the status of the child's item, keeping the child (one statement, the item row locked first); answers the item
 * and the status it had. `undefined` when the item is not the child's.
 */
export async function updateItemStatus(
  em: EntityManager,
  childId: string,
  itemId: string,
  status: ItemStatus,
): Promise<{ item: PlanItem; priorStatus: ItemStatus } | undefined> {
  const rows = await sqlRows<ItemRow & { priorStatus: ItemStatus }>(
    em,
    `with prior as (
       select i."id", i."status" from "sub_plan_item" i join "sub_plan" s on s."id" = i."sub_plan_id"
        where i."id" = ? and s."child_id" = ? and ${KEEPS_CHILD}
        for update of i
     )
     update "sub_plan_item" i set "status" = ?, "updated_at" = now() from prior
      where i."id" = prior."id"
     returning ${ITEM_COLUMNS}, prior."status" as "priorStatus"`,
    [itemId, childId, childId, status],
  );
  return rows[0] && { item: toItemDto(rows[0]), priorStatus: rows[0].priorStatus };
}

/** The child an item belongs to (through its sub-plan), if the item exists. */
export async function childOfItem(em: EntityManager, itemId: string): Promise<string | undefined> {
  const rows = await sqlRows<{ child_id: string }>(
    em,
    `select s."child_id" from "sub_plan_item" i
       join "sub_plan" s on s."id" = i."sub_plan_id"
      where i."id" = ?`,
    [itemId],
  );
  return rows[0]?.child_id;
}

/** The items of the plan's sub-plans (every status), in creation order. */
export async function itemsInPlan(em: EntityManager, planId: string): Promise<PlanItem[]> {
  const rows = await sqlRows<ItemRow>(
    em,
    `select ${ITEM_COLUMNS}
       from "plan_sub_plan" ps
       join "sub_plan_item" i on i."sub_plan_id" = ps."sub_plan_id"
      where ps."plan_id" = ?
      order by i."created_at", i."id"`,
    [planId],
  );
  return rows.map(toItemDto);
}
