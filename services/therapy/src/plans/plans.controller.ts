import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Res } from '@nestjs/common';
import { z } from 'zod';
import {
  addSubPlanRequestSchema,
  detailedViewQuerySchema,
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
import { PlanChildLocator } from './plan-child.locator.js';
import { PlansService } from './plans.service.js';

const planIdParams = z.object({ planId: z.string() });
const detachParams = z.object({ planId: z.string(), subPlanId: z.string() });

/** What a handler with `@Res({ passthrough: true })` needs: set the status, Nest still sends the result. */
export interface StatusResponse {
  status(code: number): unknown;
}

/** A child's plans: `/api/child/{id}/plan/…` (paths as the gateway forwards them, spec §7). */
@Controller('api/child/:id/plan')
export class PlansController {
  constructor(@Inject(PlansService) private readonly plans: PlansService) {}

  // Declared before `:planId` so that `list` is never taken for a plan id.
  @Get('list')
  @ChildAccess('read')
  async list(@CurrentChild() grant: ChildAccessGrant, @Query() query: unknown) {
    const { status } = parseInput(planListQuerySchema, query);
    return { plans: await this.plans.list(grant.childId, status) };
  }

  /** Create (201), or edit when the body has the plan's `id` (200). */
  @Post('create')
  @ChildAccess('edit')
  async save(
    @CurrentChild() grant: ChildAccessGrant,
    @Body() body: unknown,
    @Res({ passthrough: true }) response: StatusResponse,
  ) {
    const form = parseInput(planFormRequestSchema, body ?? {});
    const { created, id } = await this.plans.save(grant.childId, form);
    response.status(created ? 201 : 200);
    return { message: created ? PlanMessages.planCreated : PlanMessages.planUpdated, id };
  }

  @Get(':planId')
  @ChildAccess('read')
  get(@CurrentChild() grant: ChildAccessGrant, @Param() params: unknown) {
    const { planId } = parseInput(planIdParams, params);
    return this.plans.get(grant.childId, planId);
  }

  @Post(':planId/delete')
  @HttpCode(200)
  @ChildAccess('edit')
  async delete(@CurrentChild() grant: ChildAccessGrant, @Param() params: unknown): Promise<MessageResponse> {
    const { planId } = parseInput(planIdParams, params);
    await this.plans.delete(grant.childId, planId);
    return { message: PlanMessages.planDeleted };
  }

  @Get(':planId/detailed-view')
  @ChildAccess('read')
  @RespondsWithJsonText()
  detailedView(@CurrentChild() grant: ChildAccessGrant, @Param() params: unknown, @Query() query: unknown) {
    const { planId } = parseInput(planIdParams, params);
    const { items_status, since } = parseInput(detailedViewQuerySchema, query);
    return this.plans.detailedView(grant.childId, planId, items_status, since);
  }

  @Post(':planId/add-sub-plan')
  @HttpCode(201)
  @ChildAccess('edit')
  async attach(
    @CurrentChild() grant: ChildAccessGrant,
    @Param() params: unknown,
    @Body() body: unknown,
  ): Promise<MessageResponse> {
    const { planId } = parseInput(planIdParams, params);
    const { sub_plan_id } = parseInput(addSubPlanRequestSchema, body ?? {});
    await this.plans.attach(grant.childId, planId, sub_plan_id);
    return { message: PlanMessages.subPlanAttached };
  }
}

/** Calls keyed by the plan's id (`/api/plan/{id}/…`): the plan's child is found through `PlanChildLocator`. */
@Controller('api/plan')
export class PlanObjectsController {
  constructor(@Inject(PlansService) private readonly plans: PlansService) {}

  @Post(':id/set-status')
  @HttpCode(200)
  @ChildAccess('edit', { via: PlanChildLocator })
  async setStatus(
    @CurrentChild() grant: ChildAccessGrant,
    @Param('id') planId: string,
    @Query() query: unknown,
  ) {
    const { status } = parseInput(planStatusQuerySchema, query);
    return { plan: await this.plans.setStatus(grant.childId, planId, status) };
  }

  @Post(':planId/sub-plan/:subPlanId/delete')
  @HttpCode(200)
  @ChildAccess('edit', { via: PlanChildLocator, key: 'planId' })
  async detach(@CurrentChild() grant: ChildAccessGrant, @Param() params: unknown): Promise<MessageResponse> {
    const { planId, subPlanId } = parseInput(detachParams, params);
    await this.plans.detach(grant.childId, planId, subPlanId);
    return { message: PlanMessages.subPlanDetached };
  }
}
