import { Controller, Get, Inject } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { ACCOUNT_DELETION_PATH, type AccountChildren, type InternalIdentity } from '@aba/contracts/api';
import { CurrentIdentity, requireUser } from '@aba/server-kit';
import { childrenOfAccount } from './account-erasure.queries.js';

/**
 * What identity asks before deleting the caller's account (issue 17, ADR 0050): the children they own (each with a
 * hand-over waiting, if any) and those they coordinate, with their owner. Never through the gateway (`/api` only).
 */
@Controller()
export class AccountDeletionController {
  constructor(@Inject(EntityManager) private readonly em: EntityManager) {}

  @Get(ACCOUNT_DELETION_PATH)
  children(@CurrentIdentity() caller: InternalIdentity | undefined): Promise<AccountChildren> {
    return childrenOfAccount(this.em, requireUser(caller));
  }
}
