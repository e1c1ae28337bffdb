import { Inject, Injectable } from '@nestjs/common';
import type { ChildLocator } from '../child-access/child-access.types.js';
import { ItemsService } from './items.service.js';

/** `/api/sub-plan-item/{id}/…`: the child of the item's sub-plan (404 `Item does not exist` otherwise). */
@Injectable()
export class ItemChildLocator implements ChildLocator {
  constructor(@Inject(ItemsService) private readonly items: ItemsService) {}

  childOf(itemId: string): Promise<string> {
    return this.items.childOf(itemId);
  }
}
