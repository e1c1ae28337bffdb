import type { IncomingMessage, ServerResponse } from 'node:http';
import { Body, Controller, Headers, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import {
  AccountDeletionMessages,
  accountDeletionRequestSchema,
  type InternalIdentity,
  type MessageResponse,
} from '@aba/contracts/api';
import { CurrentIdentity, INTERNAL_TOKEN_HEADER, parseBody } from '@aba/server-kit';
import { IDENTITY_SETTINGS, type IdentitySettings } from '../config.js';
import { forwardedCall } from '../internal-calls/internal-calls.js';
import { clientIp } from '../sessions/login-rate-limit.js';
import { clearedSessionCookie } from '../sessions/session-cookie.js';
import { AccountDeletionService } from './account-deletion.service.js';

/** `POST /api/account/delete`: "Delete my account" (issue 17, GDPR Art 17, ADR 0050). */
@Controller('api/account')
export class AccountDeletionController {
  constructor(
    @Inject(AccountDeletionService) private readonly deletion: AccountDeletionService,
    @Inject(IDENTITY_SETTINGS) private readonly settings: IdentitySettings,
  ) {}

  /**
   * Deletes the caller's account; its session cookie is cleared as logout clears it. The schema's own messages (which
   * name the field in words) are answered verbatim.
   */
  @Post('delete')
  @HttpCode(200)
  async delete(
    @CurrentIdentity() identity: InternalIdentity | undefined,
    @Body() body: unknown,
    @Headers(INTERNAL_TOKEN_HEADER) token: string,
    @Headers('x-forwarded-for') forwardedFor: string | undefined,
    @Req() request: IncomingMessage & { id?: unknown },
    @Res({ passthrough: true }) response: ServerResponse,
  ): Promise<MessageResponse> {
    const address = clientIp(forwardedFor, request.socket.remoteAddress);
    const choices = parseBody(accountDeletionRequestSchema, body, AccountDeletionMessages);
    await this.deletion.delete(identity, choices, address, forwardedCall(token, request));
    response.setHeader('Set-Cookie', clearedSessionCookie(this.settings.secureCookies));
    return { message: AccountDeletionMessages.deleted };
  }
}
