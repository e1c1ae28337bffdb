import { Module } from '@nestjs/common';
import { InternalCallsModule } from '../internal-calls/internal-calls.module.js';
import { SessionsModule } from '../sessions/sessions.module.js';
import { AccountDeletionController } from './account-deletion.controller.js';
import { AccountDeletionService } from './account-deletion.service.js';

@Module({
  imports: [SessionsModule, InternalCallsModule],
  controllers: [AccountDeletionController],
  providers: [AccountDeletionService],
})
export class AccountDeletionModule {}
