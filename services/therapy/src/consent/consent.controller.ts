import { Body, Controller, Get, HttpCode, Inject, Post } from '@nestjs/common';
import {
  ConsentMessages,
  giveConsentRequestSchema,
  type ChildConsent,
  type ConsentResponse,
} from '@aba/contracts/api';
import { parseBody } from '@aba/server-kit';
import { ChildAccess, CurrentChild } from '../child-access/child-access.decorator.js';
import type { ChildAccessGrant } from '../child-access/child-access.types.js';
import { OPEN_WITHOUT_LICENCE } from '../licences/licence.gate.js';
import { ConsentService } from './consent.service.js';

/**
 * `/api/child/{id}/consent` (issue 17, ADR 0046): the owner's consent to the child's data. Everyone on the team reads
 * it; the owner alone gives and withdraws it, licensed or not.
 */
@Controller('api/child/:id/consent')
export class ConsentController {
  constructor(@Inject(ConsentService) private readonly consent: ConsentService) {}

  @Get()
  @ChildAccess('read', OPEN_WITHOUT_LICENCE)
  get(@CurrentChild() grant: ChildAccessGrant): Promise<ConsentResponse> {
    return this.consent.get(grant);
  }

  @Post('give')
  @HttpCode(200)
  @ChildAccess('delete', OPEN_WITHOUT_LICENCE)
  async give(
    @CurrentChild() grant: ChildAccessGrant,
    @Body() body: unknown,
  ): Promise<{ message: string; consent: ChildConsent }> {
    const request = parseBody(giveConsentRequestSchema, body, ConsentMessages);
    return { message: ConsentMessages.given, consent: await this.consent.give(grant, request) };
  }

  @Post('withdraw')
  @HttpCode(200)
  @ChildAccess('delete', OPEN_WITHOUT_LICENCE)
  async withdraw(
    @CurrentChild() grant: ChildAccessGrant,
  ): Promise<{ message: string; consent: ChildConsent }> {
    return { message: ConsentMessages.withdrawnDone, consent: await this.consent.withdraw(grant) };
  }
}
