import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { z } from 'zod';
import { addSubPlanRequestSchema, PlanMessages, type MessageResponse } from '@aba/contracts/api';
import { parseBody, parseInput } from '@aba/server-kit';
import { ChildAccess, CurrentChild } from '../child-access/child-access.decorator.js';
import type { ChildAccessGrant } from '../child-access/child-access.types.js';
import {
  childPlanKindRoutes,
  planIdParams,
  planKindObjectRoutes,
  type PlanKind,
} from '../plan-kinds/plan-kind.controllers.js';
import { PlanChildLocator } from './plan-child.locator.js';
import { PlansService } from './plans.service.js';

const detachParams = z.object({ planId: z.string(), subPlanId: z.string() });

const plans: PlanKind<PlansService> = { service: PlansService, locator: PlanChildLocator };

/** A child's plans: `/api/child/{id}/plan/…` (paths as the gateway forwards them, spec §7). */
@Controller('api/child/:id/plan')
export class PlansController extends childPlanKindRoutes(plans) {
  @Post(':planId/add-sub-plan')
  @HttpCode(201)
  @ChildAccess('edit')
  async attach(
    @CurrentChild() grant: ChildAccessGrant,
    @Param() params: unknown,
    @Body() body: unknown,
  ): Promise<MessageResponse> {
    const { planId } = parseInput(planIdParams, params);
    const { sub_plan_id } = parseBody(addSubPlanRequestSchema, body);
    await this.service.attach(grant, planId, sub_plan_id);
    return { message: PlanMessages.subPlanAttached };
  }
}

/** Calls keyed by the plan's id (`/api/plan/{id}/…`): the plan's child is found through `PlanChildLocator`. */
@Controller('api/plan')
export class PlanObjectsController extends planKindObjectRoutes(plans) {
  @Post(':planId/sub-plan/:subPlanId/delete')
  @HttpCode(200)
  @ChildAccess('edit', { via: PlanChildLocator, key: 'planId' })
  async detach(@CurrentChild() grant: ChildAccessGrant, @Param() params: unknown): Promise<MessageResponse> {
    const { planId, subPlanId } = parseInput(detachParams, params);
    await this.service.detach(grant, planId, subPlanId);
    return { message: PlanMessages.subPlanDetached };
  }
}
