import { Body, Controller, Get, HttpCode, Inject, Post } from '@nestjs/common';
import {
  ChildMessages,
  createChildRequestSchema,
  type InternalIdentity,
  type MessageResponse,
} from '@aba/contracts/api';
import { CurrentIdentity, parseBody, requireUser } from '@aba/server-kit';
import { ChildAccess, CurrentChild } from '../child-access/child-access.decorator.js';
import type { ChildAccessGrant } from '../child-access/child-access.types.js';
import { OPEN_WITHOUT_LICENCE } from '../licences/licence.gate.js';
import { ChildrenService } from './children.service.js';

/** `/api/child/*` calls on the children themselves (paths as the gateway forwards them). */
@Controller('api/child')
export class ChildrenController {
  constructor(@Inject(ChildrenService) private readonly children: ChildrenService) {}

  @Post('create')
  @HttpCode(201)
  async create(
    @CurrentIdentity() identity: InternalIdentity,
    @Body() body: unknown,
  ): Promise<{ child_id: string }> {
    const userId = requireUser(identity);
    return { child_id: await this.children.create(userId, parseBody(createChildRequestSchema, body)) };
  }

  // Declared before `:id` so that `list` and `deleted` are never taken for a child id.
  @Get('list')
  async list(@CurrentIdentity() identity: InternalIdentity) {
    return { children: await this.children.list(requireUser(identity)) };
  }

  /** The caller's deleted children that can still be restored (only an owner has any). */
  @Get('deleted')
  async listDeleted(@CurrentIdentity() identity: InternalIdentity) {
    return { children: await this.children.listDeleted(requireUser(identity)) };
  }

  @Get(':id')
  @ChildAccess('read', OPEN_WITHOUT_LICENCE)
  async get(@CurrentChild() grant: ChildAccessGrant) {
    return { child: await this.children.get(grant) };
  }

  @Post(':id/delete')
  @HttpCode(200)
  @ChildAccess('delete', OPEN_WITHOUT_LICENCE)
  async delete(@CurrentChild() grant: ChildAccessGrant): Promise<MessageResponse> {
    await this.children.delete(grant);
    return { message: ChildMessages.childDeleted };
  }

  // Whoever may delete a child may restore it.
  @Post(':id/restore')
  @HttpCode(200)
  @ChildAccess('delete', { ...OPEN_WITHOUT_LICENCE, restorable: true })
  async restore(@CurrentChild() grant: ChildAccessGrant): Promise<MessageResponse> {
    await this.children.restore(grant);
    return { message: ChildMessages.childRestored };
  }
}
