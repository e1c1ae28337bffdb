import { Inject, Injectable } from '@nestjs/common';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { EntityManager } from '@mikro-orm/core';
import { comparePlans, type ItemStatus } from '@aba/contracts/api';
import { toPlanDto } from '../plan-kinds/plan-kind.dto.js';
import { subPlanStore } from '../sub-plans/sub-plans.queries.js';
import {
  evaluatedItemsOfSubPlan,
  subPlansWithEvaluatedItems,
  viewVersion,
} from './detailed-views.queries.js';
import { planStore } from './plans.queries.js';

/** JSON text of `object` with one more field whose value is JSON text already (`EvaluatedItem[]` from SQL). */
function withJsonField(object: object, field: string, json: string): string {
  const head = JSON.stringify(object);
  return `${head.slice(0, -1)}${head.length > 2 ? ',' : ''}${JSON.stringify(field)}:${json}}`;
}

const gzipOf = promisify(gzip);

/** Plan views a replica keeps (the least recently read goes first): a large plan's is ≈ 0.9 MB. */
const KEPT_PLAN_VIEWS = 32;

/** A plan view as built: its JSON text, and the same gzip-compressed, made once (off the event loop) if asked for. */
export class BuiltView {
  private gzipped?: Promise<Buffer>;

  constructor(readonly json: string) {}

  gzip(): Promise<Buffer> {
    this.gzipped ??= gzipOf(this.json);
    return this.gzipped;
  }
}

/**
 * A plan view being built or built, and the child's view version read before (`viewVersion`): the reads that come
 * while it is built wait for it rather than build it again; a build that fails is not kept.
 */
interface KeptView {
  readonly version: string;
  readonly view: Promise<BuiltView>;
}

/**
 * What the plan and sub-plan pages show: the object, its items and their latest evaluations, as JSON text whose items
 * Postgres built (ADR 0009): two statements whatever the number of sub-plans, items or evaluations, and for a plan
 * one more, its child's view version, which alone answers while nothing it shows has changed (ADR 0060).
 */
@Injectable()
export class DetailedViewsService {
  /** By child, plan and query; see `ofPlan`. */
  private readonly kept = new Map<string, KeptView>();

  constructor(@Inject(EntityManager) private readonly em: EntityManager) {}

  /**
   * `PlanDetailedView`: the plan, its sub-plans (ACTIVE, INACTIVE, COMPLETED, then name), their items (optionally of
   * one status) and each item's last 5 evaluations (and, with `since`, how many it has from that instant on).
   *
   * Kept per replica with the child's view version read before it was built (ADR 0060): while the version stays, no
   * write has committed since and the kept text is what Postgres would build; any commit moves it (triggers), on
   * whichever replica it ran. A version read before the build may be older than what the build saw: the next read
   * then finds it moved and builds again, never the other way round.
   */
  async ofPlan(
    childId: string,
    planId: string,
    itemsStatus?: ItemStatus,
    since?: string,
  ): Promise<BuiltView> {
    const em = this.em;
    const key = `${childId}/${planId}/${itemsStatus ?? ''}/${since ?? ''}`;
    const version = await viewVersion(em, childId);
    const kept = this.kept.get(key);
    this.kept.delete(key);
    if (kept?.version === version) {
      this.kept.set(key, kept);
      return kept.view;
    }
    const view = this.buildPlanView(childId, planId, itemsStatus, since).then((json) => new BuiltView(json));
    this.kept.set(key, { version, view });
    for (const oldest of this.kept.keys()) {
      if (this.kept.size <= KEPT_PLAN_VIEWS) break;
      this.kept.delete(oldest);
    }
    view.catch(() => {
      if (this.kept.get(key)?.view === view) this.kept.delete(key);
    });
    return view;
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
