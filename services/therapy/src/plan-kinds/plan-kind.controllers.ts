import { Body, Get, HttpCode, Inject, Param, Post, Query, Res, type Type } from '@nestjs/common';
import { z } from 'zod';
import {
  planFormRequestSchema,
  planListQuerySchema,
  planStatusQuerySchema,
  type MessageResponse,
} from '@aba/contracts/api';
import { parseBody, parseInput } from '@aba/server-kit';
import { ChildAccess, CurrentChild } from '../child-access/child-access.decorator.js';
import type { ChildAccessGrant, ChildLocator } from '../child-access/child-access.types.js';
import type { PlanKindService } from './plan-kind.service.js';

/** The route parameter naming a plan or sub-plan of the child. */
export const planIdParams = z.object({ planId: z.string() });

/** What a handler with `@Res({ passthrough: true })` needs: set the status, Nest still sends the result. */
interface StatusResponse {
  status(code: number): unknown;
}

/** How the routes of one plan kind reach its rows. */
export interface PlanKind<S extends PlanKindService> {
  service: Type<S>;
  /** The child of `/api/<kind>/{id}/…`. */
  locator: Type<ChildLocator>;
}

/**
 * The routes plans and sub-plans share under `/api/child/{id}/<kind>/…` (spec §7; the object's id is the `planId`
 * parameter). A kind's controller extends the class made here and declares its path with `@Controller`.
 */
export function childPlanKindRoutes<S extends PlanKindService>(kind: PlanKind<S>) {
  class ChildPlanKindRoutes {
    constructor(@Inject(kind.service) readonly service: S) {}

    // Declared before `:planId` so that `list` is never taken for an id.
    @Get('list')
    @ChildAccess('read')
    async list(@CurrentChild() grant: ChildAccessGrant, @Query() query: unknown) {
      const { status } = parseInput(planListQuerySchema, query);
      return { plans: await this.service.list(grant.childId, status) };
    }

    /** Create (201), or edit when the body has the object's `id` (200). */
    @Post('create')
    @ChildAccess('edit')
    async save(
      @CurrentChild() grant: ChildAccessGrant,
      @Body() body: unknown,
      @Res({ passthrough: true }) response: StatusResponse,
    ) {
      const form = parseBody(planFormRequestSchema, body);
      const { created, id } = await this.service.save(grant, form);
      response.status(created ? 201 : 200);
      const { messages } = this.service.store;
      return { message: created ? messages.created : messages.updated, id };
    }

    @Get(':planId')
    @ChildAccess('read')
    get(@CurrentChild() grant: ChildAccessGrant, @Param() params: unknown) {
      const { planId } = parseInput(planIdParams, params);
      return this.service.get(grant.childId, planId);
    }

    @Post(':planId/delete')
    @HttpCode(200)
    @ChildAccess('edit')
    async delete(
      @CurrentChild() grant: ChildAccessGrant,
      @Param() params: unknown,
    ): Promise<MessageResponse> {
      const { planId } = parseInput(planIdParams, params);
      await this.service.delete(grant, planId);
      return { message: this.service.store.messages.deleted };
    }
  }
  return ChildPlanKindRoutes;
}

/** The routes plans and sub-plans share under `/api/<kind>/{id}/…`, the child found through `kind.locator`. */
export function planKindObjectRoutes<S extends PlanKindService>(kind: PlanKind<S>) {
  class PlanKindObjectRoutes {
    constructor(@Inject(kind.service) readonly service: S) {}

    @Post(':id/set-status')
    @HttpCode(200)
    @ChildAccess('edit', { via: kind.locator })
    async setStatus(
      @CurrentChild() grant: ChildAccessGrant,
      @Param('id') id: string,
      @Query() query: unknown,
    ) {
      const { status } = parseInput(planStatusQuerySchema, query);
      return { plan: await this.service.setStatus(grant, id, status) };
    }
  }
  return PlanKindObjectRoutes;
}
