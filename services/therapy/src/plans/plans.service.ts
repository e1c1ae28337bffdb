import { Inject, Injectable } from '@nestjs/common';
import { type EntityManager, MikroORM } from '@mikro-orm/core';
import {
  comparePlans,
  PlanLimits,
  PlanMessages,
  type ItemStatus,
  type Plan as PlanDto,
  type PlanItem,
  type PlanStatus,
} from '@aba/contracts/api';
import { Conflict, NotFound } from '@aba/server-kit';
import { evaluatedItemsJsonSql, withJsonField } from '../evaluations/evaluated-items.js';
import { Plan, SubPlan } from './plan.entity.js';
import { toItemDto, toPlanDto, type ItemRow, type PlanRow } from './plan-dto.js';
import { KEEPS_CHILD, writeToChild } from '../children/child-writes.js';
import { isUuid, sqlRows } from '../sql-rows.js';
import { PlanStore, type PlanForm } from './plan-store.js';

export const planStore = new PlanStore(Plan, {
  notFound: PlanMessages.planNotFound,
  created: PlanMessages.planCreated,
  updated: PlanMessages.planUpdated,
});
export const subPlanStore = new PlanStore(SubPlan, {
  notFound: PlanMessages.subPlanNotFound,
  created: PlanMessages.subPlanCreated,
  updated: PlanMessages.subPlanUpdated,
});

/**
 * A child's plans, and the sub-plans in them. Plans and sub-plans are many-to-many within one child: attaching
 * links, detaching unlinks; deleting a plan keeps its sub-plans.
 */
@Injectable()
export class PlansService {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  private em(): EntityManager {
    return this.orm.em.fork();
  }

  list(childId: string, status?: PlanStatus): Promise<PlanDto[]> {
    return planStore.list(this.em(), childId, status);
  }

  save(childId: string, form: PlanForm) {
    return planStore.save(this.em(), childId, form);
  }

  delete(childId: string, planId: string): Promise<void> {
    return planStore.delete(this.em(), childId, planId);
  }

  setStatus(childId: string, planId: string, status: PlanStatus): Promise<PlanDto> {
    return planStore.setStatus(this.em(), childId, planId, status);
  }

  /** The plan and the items of its sub-plans (every status), in creation order. */
  async get(childId: string, planId: string): Promise<{ plan: PlanDto; plan_items: PlanItem[] }> {
    const em = this.em();
    const plan = await planStore.get(em, childId, planId);
    const items = await sqlRows<ItemRow>(
      em,
      `select i."id", i."description", i."status", i."sub_plan_id", i."created_at"
         from "therapy"."plan_sub_plan" ps
         join "therapy"."sub_plan_item" i on i."sub_plan_id" = ps."sub_plan_id"
        where ps."plan_id" = ?
        order by i."created_at", i."id"`,
      [plan.id],
    );
    return { plan: toPlanDto(plan), plan_items: items.map(toItemDto) };
  }

  /**
   * The plan, its sub-plans (ACTIVE, INACTIVE, COMPLETED, then name), their items (optionally of one status) and
   * each item's last 5 evaluations (and, with `since`, how many it has from that instant on), as `PlanDetailedView`
   * JSON text: two statements whatever the number of sub-plans, items or evaluations, the items' JSON built by Postgres.
   */
  async detailedView(
    childId: string,
    planId: string,
    itemsStatus?: ItemStatus,
    since?: string,
  ): Promise<string> {
    const em = this.em();
    const plan = await planStore.get(em, childId, planId);
    const itemCondition = itemsStatus ? `i."sub_plan_id" = s."id" and i."status" = ?` : `i."sub_plan_id" = s."id"`;
    const subPlans = await sqlRows<PlanRow & { items: string }>(
      em,
      `select s."id", s."child_id", s."name", s."description", s."status", s."created_at",
              ${evaluatedItemsJsonSql(itemCondition, PlanLimits.lastEvaluationsInPlan, since !== undefined)} as "items"
         from "therapy"."plan_sub_plan" ps
         join "therapy"."sub_plan" s on s."id" = ps."sub_plan_id"
        where ps."plan_id" = ?`,
      [...(since !== undefined ? [since] : []), ...(itemsStatus ? [itemsStatus] : []), plan.id],
    );
    const sorted = subPlans
      .map((row) => ({ subPlan: toPlanDto(row), items: row.items }))
      .sort((a, b) => comparePlans(a.subPlan, b.subPlan));
    const subPlansJson = sorted.map(({ subPlan, items }) => withJsonField(subPlan, 'items', items)).join(',');
    return withJsonField({ plan: toPlanDto(plan) }, 'sub_plans', `[${subPlansJson}]`);
  }

  /** Adds the child's sub-plan to the child's plan; 409 when it is already there. */
  async attach(childId: string, planId: string, subPlanId: string): Promise<void> {
    const em = this.em();
    const plan = await planStore.get(em, childId, planId);
    const subPlan = await subPlanStore.get(em, childId, subPlanId);
    const insert = () =>
      sqlRows<{ plan_id: string }>(
        em,
        `insert into "therapy"."plan_sub_plan" ("plan_id", "sub_plan_id") select ?, ? where ${KEEPS_CHILD}
         on conflict do nothing returning "plan_id"`,
        [plan.id, subPlan.id, childId],
      ).then((rows) => rows[0]);
    await writeToChild(em, childId, insert, () => new Conflict(PlanMessages.subPlanAlreadyAttached));
  }

  /** Removes the sub-plan from the plan (the sub-plan stays); 404 when it is not part of it. */
  async detach(childId: string, planId: string, subPlanId: string): Promise<void> {
    if (!isUuid(subPlanId)) throw new NotFound(PlanMessages.subPlanNotAttached);
    const em = this.em();
    const plan = await planStore.get(em, childId, planId);
    const deleted = await sqlRows<{ plan_id: string }>(
      em,
      `delete from "therapy"."plan_sub_plan" where "plan_id" = ? and "sub_plan_id" = ? returning "plan_id"`,
      [plan.id, subPlanId],
    );
    if (deleted.length === 0) throw new NotFound(PlanMessages.subPlanNotAttached);
  }

  childOf(planId: string): Promise<string> {
    return planStore.childOf(this.em(), planId);
  }
}
