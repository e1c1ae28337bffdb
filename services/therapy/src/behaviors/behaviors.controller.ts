import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Res } from '@nestjs/common';
import type { ServerResponse } from 'node:http';
import {
  BehaviorMessages,
  behaviorListQuerySchema,
  recordedCaptureFieldsSchema,
  type BehaviorDetailResponse,
  type BehaviorListResponse,
  type CreateBehaviorResponse,
  type LogBehaviorResponse,
  type MessageResponse,
} from '@aba/contracts/api';
import { parseBody, parseInput } from '@aba/server-kit';
import { ChildAccess, CurrentChild } from '../child-access/child-access.decorator.js';
import type { ChildAccessGrant } from '../child-access/child-access.types.js';
import { answered } from '../sessions/session-capture.js';
import { BehaviorChildLocator } from './behavior-child.locator.js';
import { BehaviorsService } from './behaviors.service.js';
import { LICENCE_AT_CAPTURE_TIME } from '../licences/licence.gate.js';

/** A child's behaviours: `/api/child/{id}/behavior/list`, `/create`, `/{behaviorId}/delete`. */
@Controller('api/child/:id/behavior')
export class ChildBehaviorsController {
  constructor(@Inject(BehaviorsService) private readonly behaviors: BehaviorsService) {}

  /** `?since=<ISO timestamp>` adds each behaviour's `occurrences_since`. */
  @Get('list')
  @ChildAccess('read')
  async list(
    @CurrentChild() grant: ChildAccessGrant,
    @Query() query: unknown,
  ): Promise<BehaviorListResponse> {
    const { since } = parseInput(behaviorListQuerySchema, query);
    return { behaviors: await this.behaviors.list(grant, since === undefined ? undefined : new Date(since)) };
  }

  @Post('create')
  @HttpCode(201)
  @ChildAccess('edit')
  async create(
    @CurrentChild() grant: ChildAccessGrant,
    @Body() body: unknown,
  ): Promise<CreateBehaviorResponse> {
    return { behavior: await this.behaviors.create(grant, body) };
  }

  @Post(':behaviorId/delete')
  @HttpCode(200)
  @ChildAccess('edit')
  async delete(
    @CurrentChild() grant: ChildAccessGrant,
    @Param('behaviorId') behaviorId: string,
  ): Promise<MessageResponse> {
    await this.behaviors.delete(grant, behaviorId);
    return { message: BehaviorMessages.behaviorDeleted };
  }
}

/** `/api/behavior/{id}` and `/api/behavior/{id}/log`: keyed by the behaviour, whose child decides access. */
@Controller('api/behavior/:id')
export class BehaviorsController {
  constructor(@Inject(BehaviorsService) private readonly behaviors: BehaviorsService) {}

  @Get()
  @ChildAccess('read', { via: BehaviorChildLocator })
  async get(
    @CurrentChild() grant: ChildAccessGrant,
    @Param('id') id: string,
  ): Promise<BehaviorDetailResponse> {
    return this.behaviors.detail(grant, id);
  }

  /** 201 with the occurrence; 200 with it as recorded for a repeat of a device's `id`. */
  @Post('log')
  @HttpCode(201)
  @ChildAccess('evaluate', { ...LICENCE_AT_CAPTURE_TIME, via: BehaviorChildLocator })
  async log(
    @CurrentChild() grant: ChildAccessGrant,
    @Param('id') id: string,
    @Body() body: unknown,
    @Res({ passthrough: true }) response: ServerResponse,
  ): Promise<LogBehaviorResponse> {
    const capture = parseBody(recordedCaptureFieldsSchema, body);
    const { answer, repeated } = await this.behaviors.log(grant, id, capture);
    return answered(response, {
      answer: { message: BehaviorMessages.behaviorLogged, entry: answer },
      repeated,
    });
  }
}
