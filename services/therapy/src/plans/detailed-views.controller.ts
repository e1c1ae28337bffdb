import { Controller, Get, Inject, Param, Query, Req, Res, StreamableFile } from '@nestjs/common';
import type { ServerResponse } from 'node:http';
import { detailedViewQuerySchema } from '@aba/contracts/api';
import { parseInput } from '@aba/server-kit';
import { ChildAccess, CurrentChild } from '../child-access/child-access.decorator.js';
import type { ChildAccessGrant } from '../child-access/child-access.types.js';
import { planIdParams } from '../plan-kinds/plan-kind.controllers.js';
import {
  builtViewAnswer,
  RespondsWithJsonText,
  type EncodingNegotiation,
} from '../views/built-view.response.js';
import { DetailedViewsService } from './detailed-views.service.js';

/** The detailed views of a child's plans and sub-plans: `/api/child/{id}/{plan|sub-plan}/{planId}/detailed-view`. */
@Controller('api/child/:id')
export class DetailedViewsController {
  constructor(@Inject(DetailedViewsService) private readonly views: DetailedViewsService) {}

  @Get('plan/:planId/detailed-view')
  @ChildAccess('read')
  @RespondsWithJsonText()
  async ofPlan(
    @CurrentChild() grant: ChildAccessGrant,
    @Param() params: unknown,
    @Query() query: unknown,
    @Req() request: EncodingNegotiation,
    @Res({ passthrough: true }) response: ServerResponse,
  ): Promise<string | StreamableFile> {
    const { planId } = parseInput(planIdParams, params);
    const { items_status, since } = parseInput(detailedViewQuerySchema, query);
    const view = await this.views.ofPlan(grant.childId, planId, items_status, since);
    return builtViewAnswer(view, request, response);
  }

  @Get('sub-plan/:planId/detailed-view')
  @ChildAccess('read')
  @RespondsWithJsonText()
  ofSubPlan(@CurrentChild() grant: ChildAccessGrant, @Param() params: unknown) {
    const { planId } = parseInput(planIdParams, params);
    return this.views.ofSubPlan(grant.childId, planId);
  }
}
