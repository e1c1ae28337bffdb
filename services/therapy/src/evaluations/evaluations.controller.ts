import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Res } from '@nestjs/common';
import type { ServerResponse } from 'node:http';
import { z } from 'zod';
import {
  childEvaluationsQuerySchema,
  createEvaluationRequestSchema,
  evaluationHistoryQuerySchema,
  PlanMessages,
  setEvaluationResultRequestSchema,
  type MessageResponse,
} from '@aba/contracts/api';
import { parseBody, parseInput } from '@aba/server-kit';
import { ChildAccess, CurrentChild } from '../child-access/child-access.decorator.js';
import type { ChildAccessGrant } from '../child-access/child-access.types.js';
import { ItemChildLocator } from '../items/item-child.locator.js';
import { answered } from '../sessions/session-capture.js';
import { EvaluationChildLocator } from './evaluation-child.locator.js';
import { EvaluationsService } from './evaluations.service.js';
import { LICENCE_AT_CAPTURE_TIME } from '../licences/licence.gate.js';

const planItemParams = z.object({ planId: z.string(), itemId: z.string() });

/** Evaluations: record (item path or plan path), history, delete, correct, and a child's evaluations for its dashboard. */
@Controller('api')
export class EvaluationsController {
  constructor(@Inject(EvaluationsService) private readonly evaluations: EvaluationsService) {}

  /** 201 with the evaluation; 200 with it as recorded for a repeat of a device's `id`. */
  @Post('sub-plan-item/:id/evaluation/create')
  @HttpCode(201)
  @ChildAccess('evaluate', { ...LICENCE_AT_CAPTURE_TIME, via: ItemChildLocator })
  async createForItem(
    @CurrentChild() grant: ChildAccessGrant,
    @Param('id') itemId: string,
    @Body() body: unknown,
    @Res({ passthrough: true }) response: ServerResponse,
  ) {
    const { result, ...capture } = parseBody(createEvaluationRequestSchema, body);
    return answered(response, await this.evaluations.create(grant, itemId, result, capture));
  }

  /** Through the plan: the item must be in one of the plan's sub-plans; the evaluation remembers the plan. */
  @Post('child/:id/plan/:planId/item/:itemId/evaluation/create')
  @HttpCode(201)
  @ChildAccess('evaluate', LICENCE_AT_CAPTURE_TIME)
  async createInPlan(
    @CurrentChild() grant: ChildAccessGrant,
    @Param() params: unknown,
    @Body() body: unknown,
    @Res({ passthrough: true }) response: ServerResponse,
  ) {
    const { planId, itemId } = parseInput(planItemParams, params);
    const { result, ...capture } = parseBody(createEvaluationRequestSchema, body);
    return answered(response, await this.evaluations.create(grant, itemId, result, capture, planId));
  }

  @Get('sub-plan-item/:id/evaluations')
  @ChildAccess('read', { via: ItemChildLocator })
  async history(
    @CurrentChild() grant: ChildAccessGrant,
    @Param('id') itemId: string,
    @Query() query: unknown,
  ) {
    const { limit } = parseInput(evaluationHistoryQuerySchema, query);
    return { evaluations: await this.evaluations.history(grant.childId, itemId, limit) };
  }

  /** Evaluating rights reach this call; the service lets therapists delete only their own. */
  @Post('item-evaluation/:id/delete')
  @HttpCode(200)
  @ChildAccess('evaluate', { via: EvaluationChildLocator })
  async delete(
    @CurrentChild() grant: ChildAccessGrant,
    @Param('id') evaluationId: string,
  ): Promise<MessageResponse> {
    await this.evaluations.delete(grant, evaluationId);
    return { message: PlanMessages.evaluationDeleted };
  }

  /** The redo: corrects the result in place (beyond the spec, issue 13). Who may: as for a delete. */
  @Post('item-evaluation/:id/set-result')
  @HttpCode(200)
  @ChildAccess('evaluate', { via: EvaluationChildLocator })
  async setResult(
    @CurrentChild() grant: ChildAccessGrant,
    @Param('id') evaluationId: string,
    @Body() body: unknown,
  ) {
    const { result } = parseBody(setEvaluationResultRequestSchema, body);
    return this.evaluations.setResult(grant, evaluationId, result);
  }

  @Get('child/:id/evaluations')
  @ChildAccess('read')
  async forChild(@CurrentChild() grant: ChildAccessGrant, @Query() query: unknown) {
    const { from, to } = parseInput(childEvaluationsQuerySchema, query);
    return { evaluations: await this.evaluations.forChild(grant.childId, from, to) };
  }
}
