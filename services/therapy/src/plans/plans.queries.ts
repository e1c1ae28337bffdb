import type { EntityManager } from '@mikro-orm/core';
import { PlanMessages } from '@aba/contracts/api';
import { KEEPS_CHILD } from '../children/child-writes.js';
import { PlanKindStore } from '../plan-kinds/plan-kind.store.js';
import { Plan } from './plan.entity.js';
import { sqlRows } from '@aba/server-kit';

export const planStore = new PlanKindStore(
  Plan,
  {
    notFound: PlanMessages.planNotFound,
    created: PlanMessages.planCreated,
    updated: PlanMessages.planUpdated,
    deleted: PlanMessages.planDeleted,
  },
  'PLAN',
);

/** Links the sub-plan to the plan, keeping the child; `undefined` when it was linked already. */
export async function linkSubPlan(
  em: EntityManager,
  childId: string,
  planId: string,
  subPlanId: string,
): Promise<{ plan_id: string } | undefined> {
  const rows = await sqlRows<{ plan_id: string }>(
    em,
    `insert into "plan_sub_plan" ("plan_id", "sub_plan_id") select ?, ? where ${KEEPS_CHILD}
     on conflict do nothing returning "plan_id"`,
    [planId, subPlanId, childId],
  );
  return rows[0];
}

/** Unlinks the sub-plan from the plan; whether it was linked. */
export async function unlinkSubPlan(em: EntityManager, planId: string, subPlanId: string): Promise<boolean> {
  const deleted = await sqlRows<{ plan_id: string }>(
    em,
    `delete from "plan_sub_plan" where "plan_id" = ? and "sub_plan_id" = ? returning "plan_id"`,
    [planId, subPlanId],
  );
  return deleted.length > 0;
}
