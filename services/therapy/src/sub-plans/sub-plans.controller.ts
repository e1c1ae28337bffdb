import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Res } from '@nestjs/common';
import { z } from 'zod';
import {
  planFormRequestSchema,
  planListQuerySchema,
  PlanMessages,
  planStatusQuerySchema,
  type MessageResponse,
} from '@aba/contracts/api';
import { parseInput } from '@aba/server-kit';
import { ChildAccess, CurrentChild } from '../child-access/child-access.decorator.js';
import type { ChildAccessGrant } from '../child-access/child-access.types.js';
import { RespondsWithJsonText } from '../evaluations/evaluated-items.js';
import type { StatusResponse } from '../plans/plans.controller.js';
import { SubPlanChildLocator } from './sub-plan-child.locator.js';
import { SubPlansService } from './sub-plans.service.js';

const planIdParams = z.object({ planId: z.string() });

/** A child's sub-plans: `/api/child/{id}/sub-plan/…` (spec §7; the sub-plan's id is the `planId` parameter). */
@Controller('api/child/:id/sub-plan')
export class SubPlansController {
  constructor(@Inject(SubPlansService) private readonly subPlans: SubPlansService) {}

  // Declared before `:planId` so that `list` is never taken for a sub-plan id.
  @Get('list')
  @ChildAccess('read')
  async list(@CurrentChild() grant: ChildAccessGrant, @Query() query: unknown) {
    const { status } = parseInput(planListQuerySchema, query);
    return { plans: await this.subPlans.list(grant.childId, status) };
  }

  /** Create (201), or edit when the body has the sub-plan's `id` (200). */
  @Post('create')
  @ChildAccess('edit')
  async save(
    @CurrentChild() grant: ChildAccessGrant,
    @Body() body: unknown,
    @Res({ passthrough: true }) response: StatusResponse,
  ) {
    const form = parseInput(planFormRequestSchema, body ?? {});
    const { created, id } = await this.subPlans.save(grant.childId, form);
    response.status(created ? 201 : 200);
    return { message: created ? PlanMessages.subPlanCreated : PlanMessages.subPlanUpdated, id };
  }

  @Get(':planId')
  @ChildAccess('read')
  async get(@CurrentChild() grant: ChildAccessGrant, @Param() params: unknown) {
    const { planId } = parseInput(planIdParams, params);
    return { plan: await this.subPlans.get(grant.childId, planId) };
  }

  @Post(':planId/delete')
  @HttpCode(200)
  @ChildAccess('edit')
  async delete(@CurrentChild() grant: ChildAccessGrant, @Param() params: unknown): Promise<MessageResponse> {
    const { planId } = parseInput(planIdParams, params);
    await this.subPlans.delete(grant.childId, planId);
    return { message: PlanMessages.subPlanDeleted };
  }

  @Get(':planId/detailed-view')
  @ChildAccess('read')
  @RespondsWithJsonText()
  detailedView(@CurrentChild() grant: ChildAccessGrant, @Param() params: unknown) {
    const { planId } = parseInput(planIdParams, params);
    return this.subPlans.detailedView(grant.childId, planId);
  }
}

/** Calls keyed by the sub-plan's id or naming the child in the query: `/api/sub-plan/…`. */
@Controller('api/sub-plan')
export class SubPlanObjectsController {
  constructor(@Inject(SubPlansService) private readonly subPlans: SubPlansService) {}

  /** GET /api/sub-plan/list?child_id= : the child's sub-plans (the plan page's "add a sub-plan" choices). */
  @Get('list')
  @ChildAccess('read', { in: 'query', key: 'child_id' })
  async list(@CurrentChild() grant: ChildAccessGrant, @Query() query: unknown) {
    const { status } = parseInput(planListQuerySchema, query);
    return { plans: await this.subPlans.list(grant.childId, status) };
  }

  @Post(':id/set-status')
  @HttpCode(200)
  @ChildAccess('edit', { via: SubPlanChildLocator })
  async setStatus(
    @CurrentChild() grant: ChildAccessGrant,
    @Param('id') subPlanId: string,
    @Query() query: unknown,
  ) {
    const { status } = parseInput(planStatusQuerySchema, query);
    return { plan: await this.subPlans.setStatus(grant.childId, subPlanId, status) };
  }
}
