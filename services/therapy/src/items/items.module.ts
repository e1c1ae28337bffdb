import { Module } from '@nestjs/common';
import { SubPlansModule } from '../sub-plans/sub-plans.module.js';
import { ItemChildLocator } from './item-child.locator.js';
import { ItemsController } from './items.controller.js';
import { ItemsService } from './items.service.js';

@Module({
  imports: [SubPlansModule],
  controllers: [ItemsController],
  providers: [ItemsService, ItemChildLocator],
  exports: [ItemsService, ItemChildLocator],
})
export class ItemsModule {}
