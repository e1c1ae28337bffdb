import { Body, Controller, Get, Headers, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { z } from 'zod';
import {
  IdentityMessages,
  registerRequestSchema,
  resetPasswordRequestSchema,
  setPasswordRequestSchema,
  tokenRequestSchema,
  type InviteValidationResponse,
  type MessageResponse,
} from '@aba/contracts/api';
import { ZodPipe } from '@aba/server-kit';
import { pickLanguage } from '../mail/language.js';
import { AccountsService } from './accounts.service.js';

/** Registration, activation, password reset and invites, on the paths the gateway proxies unchanged. */
@Controller('api')
export class AccountsController {
  constructor(@Inject(AccountsService) private readonly accounts: AccountsService) {}

  @Post('register')
  @HttpCode(201)
  async register(
    @Body(new ZodPipe(registerRequestSchema)) body: z.infer<typeof registerRequestSchema>,
    @Headers('accept-language') acceptLanguage: string | undefined,
  ): Promise<MessageResponse> {
    await this.accounts.register(body, pickLanguage(acceptLanguage));
    return { message: IdentityMessages.registered };
  }

  @Post('token/activate-user')
  @HttpCode(200)
  async activate(
    @Body(new ZodPipe(tokenRequestSchema)) body: z.infer<typeof tokenRequestSchema>,
  ): Promise<MessageResponse> {
    await this.accounts.activate(body.token);
    return { message: IdentityMessages.activated };
  }

  @Post('reset-password')
  @HttpCode(200)
  async requestReset(
    @Body(new ZodPipe(resetPasswordRequestSchema)) body: z.infer<typeof resetPasswordRequestSchema>,
  ): Promise<MessageResponse> {
    await this.accounts.requestReset(body);
    return { message: IdentityMessages.resetRequested };
  }

  @Get('token/:token/validate')
  async validateReset(@Param('token') token: string): Promise<Record<string, never>> {
    await this.accounts.validateReset(token);
    return {};
  }

  @Post('token/reset-password')
  @HttpCode(200)
  async resetPassword(
    @Body(new ZodPipe(setPasswordRequestSchema)) body: z.infer<typeof setPasswordRequestSchema>,
  ): Promise<MessageResponse> {
    await this.accounts.resetPassword(body);
    return { message: IdentityMessages.passwordChanged };
  }

  @Get('invite/:token/validate')
  async validateInvite(@Param('token') token: string): Promise<InviteValidationResponse> {
    return { token: await this.accounts.validateInvite(token) };
  }
}
