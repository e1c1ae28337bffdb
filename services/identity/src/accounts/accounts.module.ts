import { Module } from '@nestjs/common';
import { OneTimeTokensModule } from '../one-time-tokens/one-time-tokens.module.js';
import { SessionsModule } from '../sessions/sessions.module.js';
import { AccountsController } from './accounts.controller.js';
import { AccountsService } from './accounts.service.js';

@Module({
  imports: [SessionsModule, OneTimeTokensModule],
  controllers: [AccountsController],
  providers: [AccountsService],
})
export class AccountsModule {}
