import { Body, Controller, Get, Headers, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  IdentityMessages,
  loginRequestSchema,
  resolveSessionRequestSchema,
  type InternalIdentity,
  type LoginResponse,
  type MessageResponse,
  type ResolvedSession,
  type SessionUser,
} from '@aba/contracts/api';
import { CurrentIdentity, ZodPipe } from '@aba/server-kit';
import { z } from 'zod';
import { IDENTITY_SETTINGS, type IdentitySettings } from '../config.js';
import { clientIp } from './login-rate-limit.js';
import { clearedSessionCookie, readCookie, sessionCookie } from './session-cookie.js';
import { SessionsService } from './sessions.service.js';

/** Calls the gateway proxies unchanged: login, logout and the current session. */
@Controller('api')
export class SessionsController {
  constructor(
    @Inject(SessionsService) private readonly sessions: SessionsService,
    @Inject(IDENTITY_SETTINGS) private readonly settings: IdentitySettings,
  ) {}

  @Post('login')
  @HttpCode(200)
  async login(
    @Body(new ZodPipe(loginRequestSchema)) body: z.infer<typeof loginRequestSchema>,
    @Headers('x-forwarded-for') forwardedFor: string | undefined,
    @Req() request: IncomingMessage,
    @Res({ passthrough: true }) response: ServerResponse,
  ): Promise<LoginResponse> {
    const result = await this.sessions.login(body, clientIp(forwardedFor, request.socket.remoteAddress));
    response.setHeader(
      'Set-Cookie',
      sessionCookie(result.sessionId, result.maxAgeSeconds, this.settings.secureCookies),
    );
    return result.response;
  }

  @Post('logout')
  @HttpCode(200)
  async logout(
    @Headers('cookie') cookie: string | undefined,
    @Res({ passthrough: true }) response: ServerResponse,
  ): Promise<MessageResponse> {
    await this.sessions.logout(readCookie(cookie));
    response.setHeader('Set-Cookie', clearedSessionCookie(this.settings.secureCookies));
    return { message: IdentityMessages.loggedOut };
  }

  @Get('get-session')
  async getSession(
    @CurrentIdentity() identity: InternalIdentity | undefined,
    @Headers('cookie') cookie: string | undefined,
    @Res({ passthrough: true }) response: ServerResponse,
  ): Promise<SessionUser> {
    const user = await this.sessions.currentUser(identity);
    const sessionId = readCookie(cookie);
    const seconds = await this.sessions.remainingSeconds(sessionId, user.id);
    if (sessionId && seconds !== null) {
      response.setHeader('Set-Cookie', sessionCookie(sessionId, seconds, this.settings.secureCookies));
    }
    response.setHeader('Cache-Control', 'no-store');
    return user;
  }
}

/** Asked by the gateway only (never routed from /api); it still needs the gateway's internal token. */
@Controller('internal/session')
export class InternalSessionController {
  constructor(@Inject(SessionsService) private readonly sessions: SessionsService) {}

  @Post('resolve')
  @HttpCode(200)
  resolve(
    @Body(new ZodPipe(resolveSessionRequestSchema)) body: z.infer<typeof resolveSessionRequestSchema>,
  ): Promise<ResolvedSession> {
    return this.sessions.resolve(body.sessionId);
  }
}
