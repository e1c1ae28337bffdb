import { Module } from '@nestjs/common';
import { OneTimeTokensModule } from '../one-time-tokens/one-time-tokens.module.js';
import { SessionsModule } from '../sessions/sessions.module.js';
import { AccountController, EmailConfirmationController } from './account.controller.js';
import { AccountService } from './account.service.js';

@Module({
  imports: [SessionsModule, OneTimeTokensModule],
  controllers: [AccountController, EmailConfirmationController],
  providers: [AccountService],
})
export class AccountModule {}
