import { Controller, Get, Header, Inject, Param, Query } from '@nestjs/common';
import { detailedViewQuerySchema } from '@aba/contracts/api';
import { parseInput } from '@aba/server-kit';
import { ChildAccess, CurrentChild } from '../child-access/child-access.decorator.js';
import type { ChildAccessGrant } from '../child-access/child-access.types.js';
import { planIdParams } from '../plan-kinds/plan-kind.controllers.js';
import { DetailedViewsService } from './detailed-views.service.js';

/** The views answer JSON text built by the service (Nest would send a string as text/html). */
const RespondsWithJsonText = () => Header('Content-Type', 'application/json; charset=utf-8');

/** The detailed views of a child's plans and sub-plans: `/api/child/{id}/{plan|sub-plan}/{planId}/detailed-view`. */
@Controller('api/child/:id')
export class DetailedViewsController {
  constructor(@Inject(DetailedViewsService) private readonly views: DetailedViewsService) {}

  @Get('plan/:planId/detailed-view')
  @ChildAccess('read')
  @RespondsWithJsonText()
  ofPlan(@CurrentChild() grant: ChildAccessGrant, @Param() params: unknown, @Query() query: unknown) {
    const { planId } = parseInput(planIdParams, params);
    const { items_status, since } = parseInput(detailedViewQuerySchema, query);
    return this.views.ofPlan(grant.childId, planId, items_status, since);
  }

  @Get('sub-plan/:planId/detailed-view')
  @ChildAccess('read')
  @RespondsWithJsonText()
  ofSubPlan(@CurrentChild() grant: ChildAccessGrant, @Param() params: unknown) {
    const { planId } = parseInput(planIdParams, params);
    return this.views.ofSubPlan(grant.childId, planId);
  }
}
