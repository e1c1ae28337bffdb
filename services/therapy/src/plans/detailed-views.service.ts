import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { comparePlans, type ItemStatus } from '@aba/contracts/api';
import { toPlanDto } from '../plan-kinds/plan-kind.dto.js';
import { subPlanStore } from '../sub-plans/sub-plans.queries.js';
import { KeptViews, type BuiltView } from '../views/kept-views.js';
import { viewVersion } from '../views/view-version.queries.js';
import { evaluatedItemsOfSubPlan, subPlansWithEvaluatedItems } from './detailed-views.queries.js';
import { planStore } from './plans.queries.js';

/** JSON text of `object` with one more field whose value is JSON text already (`EvaluatedItem[]` from SQL). */
function withJsonField(object: object, field: string, json: string): string {
  const head = JSON.stringify(object);
  return `${head.slice(0, -1)}${head.length > 2 ? ',' : ''}${JSON.stringify(field)}:${json}}`;
}

/** Plan views a replica keeps (the least recently read goes first): a large plan's is ≈ 0.9 MB. */
const KEPT_PLAN_VIEWS = 32;

/**
 * What the plan and sub-plan pages show: the object, its items and their latest evaluations, as JSON text whose items
 * Postgres built (ADR 0009): two statements whatever the number of sub-plans, items or evaluations, and for a plan
 * one more, its child's view version, which alone answers while nothing it shows has changed (ADR 0060).
 */
@Injectable()
export class DetailedViewsService {
  /** By child, plan and query; see `ofPlan`. */
  private readonly kept = new KeptViews(KEPT_PLAN_VIEWS);

  constructor(@Inject(EntityManager) private readonly em: EntityManager) {}

  /**
   * `PlanDetailedView`: the plan, its sub-plans (ACTIVE, INACTIVE, COMPLETED, then name), their items (optionally of
   * one status) and each item's last 5 evaluations (and, with `since`, how many it has from that instant on).
   *
   * Kept per replica with the child's view version read before it was built (`KeptViews`, ADR 0060).
   */
  async ofPlan(
    childId: string,
    planId: string,
    itemsStatus?: ItemStatus,
    since?: string,
  ): Promise<BuiltView> {
    const key = `${childId}/${planId}/${itemsStatus ?? ''}/${since ?? ''}`;
    const version = await viewVersion(this.em, childId);
    return this.kept.get(key, version, () => this.buildPlanView(childId, planId, itemsStatus, since));
  }

  private async buildPlanView(
    childId: string,
    planId: string,
    itemsStatus?: ItemStatus,
    since?: string,
  ): Promise<string> {
    const em = this.em;
    const plan = await planStore.get(em, childId, planId);
    const subPlans = await subPlansWithEvaluatedItems(em, plan.id, itemsStatus, since);
    const sorted = subPlans
      .map((row) => ({ subPlan: toPlanDto(row), items: row.items }))
      .sort((a, b) => comparePlans(a.subPlan, b.subPlan));
    const subPlansJson = sorted.map(({ subPlan, items }) => withJsonField(subPlan, 'items', items)).join(',');
    return withJsonField({ plan: toPlanDto(plan) }, 'sub_plans', `[${subPlansJson}]`);
  }

  /** `SubPlanDetailedView`: the sub-plan and its items, each with its last 100 evaluations. */
  async ofSubPlan(childId: string, subPlanId: string): Promise<string> {
    const em = this.em;
    const subPlan = await subPlanStore.get(em, childId, subPlanId);
    const items = await evaluatedItemsOfSubPlan(em, subPlan.id);
    return withJsonField({ sub_plan: toPlanDto(subPlan) }, 'items', items);
  }
}
