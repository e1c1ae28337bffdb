import { Controller, Get, Query } from '@nestjs/common';
import { planListQuerySchema } from '@aba/contracts/api';
import { parseInput } from '@aba/server-kit';
import { ChildAccess, CurrentChild } from '../child-access/child-access.decorator.js';
import type { ChildAccessGrant } from '../child-access/child-access.types.js';
import { childPlanKindRoutes, planKindObjectRoutes, type PlanKind } from '../plan-kinds/plan-kind.controllers.js';
import { SubPlanChildLocator } from './sub-plan-child.locator.js';
import { SubPlansService } from './sub-plans.service.js';

const subPlans: PlanKind<SubPlansService> = { service: SubPlansService, locator: SubPlanChildLocator };

/** A child's sub-plans: `/api/child/{id}/sub-plan/…`. */
@Controller('api/child/:id/sub-plan')
export class SubPlansController extends childPlanKindRoutes(subPlans) {}

/** Calls keyed by the sub-plan's id or naming the child in the query: `/api/sub-plan/…`. */
@Controller('api/sub-plan')
export class SubPlanObjectsController extends planKindObjectRoutes(subPlans) {
  /** GET /api/sub-plan/list?child_id= : the child's sub-plans (the plan page's "add a sub-plan" choices). */
  @Get('list')
  @ChildAccess('read', { in: 'query', key: 'child_id' })
  async list(@CurrentChild() grant: ChildAccessGrant, @Query() query: unknown) {
    const { status } = parseInput(planListQuerySchema, query);
    return { plans: await this.service.list(grant.childId, status) };
  }
}
