import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { PlanMessages, type Plan as PlanDto, type PlanItem } from '@aba/contracts/api';
import { Conflict, NotFound, isUuid } from '@aba/server-kit';
import { withAudit, type AuditChange } from '../audit-trail/audit-trail.js';
import type { ChildAccessGrant } from '../child-access/child-access.types.js';
import { writeToChild } from '../children/child-writes.js';
import { itemsInPlan } from '../items/items.queries.js';
import { toPlanDto } from '../plan-kinds/plan-kind.dto.js';
import { PlanKindService } from '../plan-kinds/plan-kind.service.js';
import { subPlanStore } from '../sub-plans/sub-plans.queries.js';
import { linkSubPlan, planStore, unlinkSubPlan } from './plans.queries.js';

/**
 * A child's plans, and the sub-plans in them. Plans and sub-plans are many-to-many within one child: attaching
 * links, detaching unlinks; deleting a plan keeps its sub-plans.
 */
@Injectable()
export class PlansService extends PlanKindService {
  constructor(@Inject(EntityManager) em: EntityManager) {
    super(em, planStore);
  }

  /** The plan and the items of its sub-plans (every status), in creation order. */
  async get(childId: string, planId: string): Promise<{ plan: PlanDto; plan_items: PlanItem[] }> {
    const em = this.em;
    const plan = await this.store.get(em, childId, planId);
    return { plan: toPlanDto(plan), plan_items: await itemsInPlan(em, plan.id) };
  }

  /** Adds the child's sub-plan to the child's plan; 409 when it is already there. */
  async attach(grant: ChildAccessGrant, planId: string, subPlanId: string): Promise<void> {
    const { em } = this;
    const { childId } = grant;
    const plan = await this.store.get(em, childId, planId);
    const subPlan = await subPlanStore.get(em, childId, subPlanId);
    const link = () =>
      withAudit(
        em,
        () => linkSubPlan(em, childId, plan.id, subPlan.id),
        () => [this.linkChange(grant, 'PLAN_SUB_PLAN_ADDED', plan.id, subPlan.id)],
      );
    await writeToChild(em, childId, link, () => new Conflict(PlanMessages.subPlanAlreadyAttached));
  }

  /** Removes the sub-plan from the plan (the sub-plan stays); 404 when it is not part of it. */
  async detach(grant: ChildAccessGrant, planId: string, subPlanId: string): Promise<void> {
    if (!isUuid(subPlanId)) throw new NotFound(PlanMessages.subPlanNotAttached);
    const { em } = this;
    const plan = await this.store.get(em, grant.childId, planId);
    const unlinked = await withAudit(
      em,
      async () => (await unlinkSubPlan(em, plan.id, subPlanId)) || undefined,
      () => [this.linkChange(grant, 'PLAN_SUB_PLAN_REMOVED', plan.id, subPlanId)],
    );
    if (!unlinked) throw new NotFound(PlanMessages.subPlanNotAttached);
  }

  private linkChange(
    grant: ChildAccessGrant,
    kind: 'PLAN_SUB_PLAN_ADDED' | 'PLAN_SUB_PLAN_REMOVED',
    planId: string,
    subPlanId: string,
  ): AuditChange {
    const link = { sub_plan_id: subPlanId };
    const values = kind === 'PLAN_SUB_PLAN_ADDED' ? { after: link } : { before: link };
    return { childId: grant.childId, actorId: grant.userId, kind, entityId: planId, ...values };
  }
}
