import { Inject, Injectable } from '@nestjs/common';
import { type EntityManager, MikroORM } from '@mikro-orm/core';
import {
  PlanLimits,
  type Plan as PlanDto,
  type PlanStatus,
} from '@aba/contracts/api';
import { evaluatedItemsJsonSql, withJsonField } from '../evaluations/evaluated-items.js';
import { toPlanDto } from '../plans/plan-dto.js';
import { sqlRows } from '../sql-rows.js';
import type { PlanForm } from '../plans/plan-store.js';
import { subPlanStore } from '../plans/plans.service.js';

/** A child's sub-plans: each owns its items; it can be part of several of the child's plans. */
@Injectable()
export class SubPlansService {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  private em(): EntityManager {
    return this.orm.em.fork();
  }

  list(childId: string, status?: PlanStatus): Promise<PlanDto[]> {
    return subPlanStore.list(this.em(), childId, status);
  }

  async get(childId: string, subPlanId: string): Promise<PlanDto> {
    return toPlanDto(await subPlanStore.get(this.em(), childId, subPlanId));
  }

  save(childId: string, form: PlanForm) {
    return subPlanStore.save(this.em(), childId, form);
  }

  /** Deletes the sub-plan with its items and their evaluations; the plans it was part of stay. */
  delete(childId: string, subPlanId: string): Promise<void> {
    return subPlanStore.delete(this.em(), childId, subPlanId);
  }

  setStatus(childId: string, subPlanId: string, status: PlanStatus): Promise<PlanDto> {
    return subPlanStore.setStatus(this.em(), childId, subPlanId, status);
  }

  /** The sub-plan, its items (creation order) and each item's last 100 evaluations: three statements. */
  /** The sub-plan and its items, each with its last 100 evaluations, as `SubPlanDetailedView` JSON text. */
  async detailedView(childId: string, subPlanId: string): Promise<string> {
    const em = this.em();
    const subPlan = await subPlanStore.get(em, childId, subPlanId);
    const [{ items }] = await sqlRows<{ items: string }>(
      em,
      `select ${evaluatedItemsJsonSql('i."sub_plan_id" = ?', PlanLimits.lastEvaluationsInSubPlan)} as "items"`,
      [subPlan.id],
    );
    return withJsonField({ sub_plan: toPlanDto(subPlan) }, 'items', items);
  }

  childOf(subPlanId: string): Promise<string> {
    return subPlanStore.childOf(this.em(), subPlanId);
  }
}
