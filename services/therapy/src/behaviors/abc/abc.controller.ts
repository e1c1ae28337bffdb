import { Body, Controller, Get, Headers, HttpCode, Inject, Param, Post, Res } from '@nestjs/common';
import type { ServerResponse } from 'node:http';
import { BehaviorMessages, type AbcListResponse, type LogAbcResponse } from '@aba/contracts/api';
import { ChildAccess, CurrentChild } from '../../child-access/child-access.decorator.js';
import type { ChildAccessGrant } from '../../child-access/child-access.types.js';
import { preferredListLanguage } from '../../language.js';
import { answered } from '../../sessions/session-capture.js';
import { AbcService } from './abc.service.js';
import { LICENCE_AT_CAPTURE_TIME } from '../../licences/licence.gate.js';

/** POST /api/child/{childId}/behavior-abc/log: anyone who may evaluate (therapists too); the entry is an occurrence. */
@Controller('api/child/:childId/behavior-abc')
export class AbcLogController {
  constructor(@Inject(AbcService) private readonly abc: AbcService) {}

  /** 201 with the entry; 200 with it as recorded for a repeat of a device's `id`. */
  @Post('log')
  @HttpCode(201)
  @ChildAccess('evaluate', { ...LICENCE_AT_CAPTURE_TIME, key: 'childId' })
  async log(
    @CurrentChild() grant: ChildAccessGrant,
    @Body() body: unknown,
    @Headers('accept-language') acceptLanguage: string | undefined,
    @Res({ passthrough: true }) response: ServerResponse,
  ): Promise<LogAbcResponse> {
    const { answer, repeated } = await this.abc.log(grant, body, preferredListLanguage(acceptLanguage));
    return answered(response, { answer: { message: BehaviorMessages.abcLogged, ...answer }, repeated });
  }
}

/** GET /api/child/{id}/behavior-abc/{behaviorId}/list: newest first. */
@Controller('api/child/:id/behavior-abc')
export class AbcListController {
  constructor(@Inject(AbcService) private readonly abc: AbcService) {}

  @Get(':behaviorId/list')
  @ChildAccess('read')
  async list(
    @CurrentChild() grant: ChildAccessGrant,
    @Param('behaviorId') behaviorId: string,
    @Headers('accept-language') acceptLanguage: string | undefined,
  ): Promise<AbcListResponse> {
    return { abc: await this.abc.list(grant, behaviorId, preferredListLanguage(acceptLanguage)) };
  }
}
