import { Module } from '@nestjs/common';
import { SessionsModule } from '../sessions/sessions.module.js';
import { AccountsController } from './accounts.controller.js';
import { AccountsService } from './accounts.service.js';
import { OneTimeTokens } from './one-time-tokens.js';

@Module({
  imports: [SessionsModule],
  controllers: [AccountsController],
  providers: [AccountsService, OneTimeTokens],
  exports: [OneTimeTokens],
})
export class AccountsModule {}
