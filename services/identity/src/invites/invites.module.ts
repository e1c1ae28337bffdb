import { Module } from '@nestjs/common';
import { OneTimeTokensModule } from '../one-time-tokens/one-time-tokens.module.js';
import { PendingInviteMails } from './pending-invite-mails.js';
import { HelperInvitesHandler } from './helper-invites.handler.js';

@Module({ imports: [OneTimeTokensModule], providers: [HelperInvitesHandler, PendingInviteMails] })
export class InvitesModule {}
