import { Body, Controller, Get, HttpCode, Inject, Post } from '@nestjs/common';
import {
  OwnershipMessages,
  offerOwnershipRequestSchema,
  type MessageResponse,
  type OwnershipOffer,
  type OwnershipResponse,
} from '@aba/contracts/api';
import { parseBody } from '@aba/server-kit';
import { ChildAccess, CurrentChild } from '../child-access/child-access.decorator.js';
import type { ChildAccessGrant } from '../child-access/child-access.types.js';
import { CONSENT_GATE } from '../consent/consent.gate.js';
import { LICENCE_GATE } from '../licences/licence.gate.js';
import { OwnershipService } from './ownership.service.js';

/** Whom the child's record belongs to is not its data: a hand-over is open without a licence and after a withdrawal. */
const ANY_STANDING = { exempt: [LICENCE_GATE, CONSENT_GATE] } as const;

/**
 * `/api/child/{id}/ownership…` (issue 17, ADR 0050): the team reads a waiting hand-over; the owner offers and
 * withdraws it (`delete`: the owner's alone); the coordinator it is offered to accepts or declines it.
 */
@Controller('api/child/:id/ownership')
export class OwnershipController {
  constructor(@Inject(OwnershipService) private readonly ownership: OwnershipService) {}

  @Get()
  @ChildAccess('read', ANY_STANDING)
  async get(@CurrentChild() grant: ChildAccessGrant): Promise<OwnershipResponse> {
    return { offer: await this.ownership.get(grant) };
  }

  @Post('offer')
  @HttpCode(200)
  @ChildAccess('delete', ANY_STANDING)
  async offer(
    @CurrentChild() grant: ChildAccessGrant,
    @Body() body: unknown,
  ): Promise<{ message: string; offer: OwnershipOffer }> {
    const { to_user_id } = parseBody(offerOwnershipRequestSchema, body, OwnershipMessages);
    return { message: OwnershipMessages.offered, offer: await this.ownership.offer(grant, to_user_id) };
  }

  @Post('withdraw')
  @HttpCode(200)
  @ChildAccess('delete', ANY_STANDING)
  async withdraw(@CurrentChild() grant: ChildAccessGrant): Promise<MessageResponse> {
    await this.ownership.withdraw(grant);
    return { message: OwnershipMessages.withdrawn };
  }

  @Post('accept')
  @HttpCode(200)
  @ChildAccess('read', ANY_STANDING)
  async accept(@CurrentChild() grant: ChildAccessGrant): Promise<MessageResponse> {
    await this.ownership.accept(grant);
    return { message: OwnershipMessages.accepted };
  }

  @Post('decline')
  @HttpCode(200)
  @ChildAccess('read', ANY_STANDING)
  async decline(@CurrentChild() grant: ChildAccessGrant): Promise<MessageResponse> {
    await this.ownership.decline(grant);
    return { message: OwnershipMessages.declined };
  }
}
