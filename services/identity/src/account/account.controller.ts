import type { IncomingMessage } from 'node:http';
import { Body, Controller, Get, Headers, HttpCode, Inject, Post, Req } from '@nestjs/common';
import type { z } from 'zod';
import {
  accountUpdateRequestSchema,
  changePasswordRequestSchema,
  IdentityMessages,
  type AccountResponse,
  type InternalIdentity,
  type MessageResponse,
} from '@aba/contracts/api';
import { CurrentIdentity, ZodPipe } from '@aba/server-kit';
import { clientIp } from '../sessions/login-rate-limit.js';
import { readCookie } from '../sessions/session-cookie.js';
import { AccountService } from './account.service.js';

/** GET /api/account, POST /api/account/update and …/change-password: the caller's own account (issue 17). */
@Controller('api/account')
export class AccountController {
  constructor(@Inject(AccountService) private readonly accounts: AccountService) {}

  @Get()
  async get(@CurrentIdentity() identity: InternalIdentity | undefined): Promise<AccountResponse> {
    return { account: await this.accounts.get(identity) };
  }

  @Post('update')
  @HttpCode(200)
  async update(
    @CurrentIdentity() identity: InternalIdentity | undefined,
    @Body(new ZodPipe(accountUpdateRequestSchema)) body: z.infer<typeof accountUpdateRequestSchema>,
  ): Promise<AccountResponse> {
    return { account: await this.accounts.update(identity, body) };
  }

  @Post('change-password')
  @HttpCode(200)
  async changePassword(
    @CurrentIdentity() identity: InternalIdentity | undefined,
    @Body(new ZodPipe(changePasswordRequestSchema)) body: z.infer<typeof changePasswordRequestSchema>,
    @Headers('cookie') cookie: string | undefined,
    @Headers('x-forwarded-for') forwardedFor: string | undefined,
    @Req() request: IncomingMessage,
  ): Promise<MessageResponse> {
    const address = clientIp(forwardedFor, request.socket.remoteAddress);
    await this.accounts.changePassword(identity, readCookie(cookie), address, body);
    return { message: IdentityMessages.passwordUpdated };
  }
}
