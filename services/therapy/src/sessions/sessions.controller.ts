import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query } from '@nestjs/common';
import {
  endSessionRequestSchema,
  SessionMessages,
  sessionListQuerySchema,
  startSessionRequestSchema,
  type SessionListResponse,
  type SessionResponse,
} from '@aba/contracts/api';
import { parseBody, parseInput } from '@aba/server-kit';
import { ChildAccess, CurrentChild } from '../child-access/child-access.decorator.js';
import type { ChildAccessGrant } from '../child-access/child-access.types.js';
import { SessionsService } from './sessions.service.js';
import { LICENCE_AT_CAPTURE_TIME } from '../licences/licence.gate.js';

/** `/api/child/{id}/session/start`, `/{sessionId}/end`, `/list` (issue 15). */
@Controller('api/child/:id/session')
export class SessionsController {
  constructor(@Inject(SessionsService) private readonly sessions: SessionsService) {}

  @Post('start')
  @HttpCode(200)
  @ChildAccess('evaluate', LICENCE_AT_CAPTURE_TIME)
  async start(@CurrentChild() grant: ChildAccessGrant, @Body() body: unknown): Promise<SessionResponse> {
    return {
      session: await this.sessions.start(grant, parseBody(startSessionRequestSchema, body, SessionMessages)),
    };
  }

  @Post(':sessionId/end')
  @HttpCode(200)
  @ChildAccess('evaluate', LICENCE_AT_CAPTURE_TIME)
  async end(
    @CurrentChild() grant: ChildAccessGrant,
    @Param('sessionId') sessionId: string,
    @Body() body: unknown,
  ): Promise<SessionResponse> {
    const request = parseBody(endSessionRequestSchema, body, SessionMessages);
    return { session: await this.sessions.end(grant, sessionId, request) };
  }

  /** `?from=&to=`: the child's local days, inclusive. */
  @Get('list')
  @ChildAccess('read')
  async list(@CurrentChild() grant: ChildAccessGrant, @Query() query: unknown): Promise<SessionListResponse> {
    const { from, to } = parseInput(sessionListQuerySchema, query, SessionMessages);
    return { sessions: await this.sessions.list(grant, from, to) };
  }
}
