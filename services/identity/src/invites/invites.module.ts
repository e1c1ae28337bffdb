import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { HelperInvitesHandler } from './helper-invites.handler.js';

@Module({ imports: [AccountsModule], providers: [HelperInvitesHandler] })
export class InvitesModule {}
