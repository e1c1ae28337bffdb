import { Body, Controller, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { createItemRequestSchema, PlanMessages, type MessageResponse } from '@aba/contracts/api';
import type { z } from 'zod';
import { ChildAccess, CurrentChild } from '../child-access/child-access.decorator.js';
import type { ChildAccessGrant } from '../child-access/child-access.types.js';
import { SubPlanChildLocator } from '../sub-plans/sub-plan-child.locator.js';
import { ItemChildLocator } from './item-child.locator.js';
import { ItemsService } from './items.service.js';

type CreateItemBody = z.infer<typeof createItemRequestSchema>;

/** `/api/sub-plan-item/…`: items, keyed by the item or (create) by the sub-plan in the body. */
@Controller('api/sub-plan-item')
export class ItemsController {
  constructor(@Inject(ItemsService) private readonly items: ItemsService) {}

  /** Body: the item `{ description, sub_plan_id }`, bare or as `{ item }`; answers `{ item }`. */
  @Post('create')
  @HttpCode(201)
  @ChildAccess('edit', {
    via: SubPlanChildLocator,
    in: 'body',
    key: 'sub_plan_id',
    body: createItemRequestSchema,
  })
  async create(@CurrentChild() grant: ChildAccessGrant, @Body() body: CreateItemBody) {
    const { description, sub_plan_id } = body;
    return { item: await this.items.create(grant, sub_plan_id, description) };
  }

  @Post(':id/delete')
  @HttpCode(200)
  @ChildAccess('edit', { via: ItemChildLocator })
  async delete(
    @CurrentChild() grant: ChildAccessGrant,
    @Param('id') itemId: string,
  ): Promise<MessageResponse> {
    await this.items.delete(grant, itemId);
    return { message: PlanMessages.itemDeleted };
  }
}
