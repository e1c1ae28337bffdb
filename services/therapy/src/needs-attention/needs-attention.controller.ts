import { Body, Controller, Get, Headers, HttpCode, Inject, Param, Post, Res } from '@nestjs/common';
import type { ServerResponse } from 'node:http';
import {
  attachCaptureRequestSchema,
  discardCaptureRequestSchema,
  handOverCaptureRequestSchema,
  NeedsAttentionMessages,
  SessionMessages,
  type NeedsAttentionEntryResponse,
  type NeedsAttentionListResponse,
} from '@aba/contracts/api';
import { parseBody } from '@aba/server-kit';
import { ChildAccess, CurrentChild } from '../child-access/child-access.decorator.js';
import type { ChildAccessGrant } from '../child-access/child-access.types.js';
import { preferredListLanguage } from '../language.js';
import { LICENCE_AT_CAPTURE_TIME } from '../licences/licence.gate.js';
import { answered } from '../sessions/session-capture.js';
import { NeedsAttentionService } from './needs-attention.service.js';

const MESSAGES = { ...NeedsAttentionMessages, ...SessionMessages };

/** `/api/child/{id}/needs-attention`: captures whose goal or behaviour was deleted before they arrived (ADR 0044). */
@Controller('api/child/:id/needs-attention')
export class NeedsAttentionController {
  constructor(@Inject(NeedsAttentionService) private readonly needsAttention: NeedsAttentionService) {}

  /**
   * 201 with the entry; 200 with it as kept for a repeat of the capture's id. Also for a former member of the team,
   * with what they captured while on it, and for a deleted child (ADR 0044).
   */
  @Post('create')
  @HttpCode(201)
  @ChildAccess('evaluate', { ...LICENCE_AT_CAPTURE_TIME, handOver: true })
  async handOver(
    @CurrentChild() grant: ChildAccessGrant,
    @Body() body: unknown,
    @Res({ passthrough: true }) response: ServerResponse,
  ): Promise<NeedsAttentionEntryResponse> {
    const request = parseBody(handOverCaptureRequestSchema, body, MESSAGES);
    const { answer, repeated } = await this.needsAttention.handOver(grant, request);
    return answered(response, { answer: { entry: answer }, repeated });
  }

  @Get()
  @ChildAccess('read')
  list(@CurrentChild() grant: ChildAccessGrant): Promise<NeedsAttentionListResponse> {
    return this.needsAttention.list(grant);
  }

  @Post(':entryId/attach')
  @HttpCode(200)
  @ChildAccess('edit')
  async attach(
    @CurrentChild() grant: ChildAccessGrant,
    @Param('entryId') entryId: string,
    @Body() body: unknown,
    @Headers('accept-language') acceptLanguage: string | undefined,
  ): Promise<NeedsAttentionEntryResponse & { message: string }> {
    const request = parseBody(attachCaptureRequestSchema, body, MESSAGES);
    const entry = await this.needsAttention.attach(
      grant,
      entryId,
      request,
      preferredListLanguage(acceptLanguage),
    );
    return { message: NeedsAttentionMessages.attached, entry };
  }

  @Post(':entryId/discard')
  @HttpCode(200)
  @ChildAccess('edit')
  async discard(
    @CurrentChild() grant: ChildAccessGrant,
    @Param('entryId') entryId: string,
    @Body() body: unknown,
  ): Promise<NeedsAttentionEntryResponse & { message: string }> {
    const { reason } = parseBody(discardCaptureRequestSchema, body, MESSAGES);
    return {
      message: NeedsAttentionMessages.discarded,
      entry: await this.needsAttention.discard(grant, entryId, reason),
    };
  }
}
