import type { IncomingMessage } from 'node:http';
import { Body, Controller, Get, Headers, HttpCode, Inject, Post, Req } from '@nestjs/common';
import type { z } from 'zod';
import {
  accountUpdateRequestSchema,
  changeEmailRequestSchema,
  changePasswordRequestSchema,
  IdentityMessages,
  tokenRequestSchema,
  type AccountResponse,
  type InternalIdentity,
  type MessageResponse,
} from '@aba/contracts/api';
import { CurrentIdentity, ZodPipe } from '@aba/server-kit';
import { clientIp } from '../sessions/login-rate-limit.js';
import { readCookie } from '../sessions/session-cookie.js';
import { AccountService } from './account.service.js';

/**
 * GET /api/account, POST /api/account/update, …/change-password and …/change-email: the caller's own account (issue
 * 17).
 */
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

  @Post('change-email')
  @HttpCode(200)
  async changeEmail(
    @CurrentIdentity() identity: InternalIdentity | undefined,
    @Body(new ZodPipe(changeEmailRequestSchema)) body: z.infer<typeof changeEmailRequestSchema>,
    @Headers('x-forwarded-for') forwardedFor: string | undefined,
    @Req() request: IncomingMessage,
  ): Promise<MessageResponse> {
    const address = clientIp(forwardedFor, request.socket.remoteAddress);
    await this.accounts.requestEmailChange(identity, address, body);
    return { message: IdentityMessages.emailChangeSent };
  }
}

/** POST /api/token/confirm-email {token}: the link sent to a new address, opened (public, as every e-mailed link). */
@Controller('api/token')
export class EmailConfirmationController {
  constructor(@Inject(AccountService) private readonly accounts: AccountService) {}

  @Post('confirm-email')
  @HttpCode(200)
  async confirm(
    @Body(new ZodPipe(tokenRequestSchema)) body: z.infer<typeof tokenRequestSchema>,
  ): Promise<MessageResponse> {
    await this.accounts.confirmEmailChange(body.token);
    return { message: IdentityMessages.emailChanged };
  }
}
