import { Module } from '@nestjs/common';
import { DetailedViewsController } from './detailed-views.controller.js';
import { DetailedViewsService } from './detailed-views.service.js';
import { PlanChildLocator } from './plan-child.locator.js';
import { PlanObjectsController, PlansController } from './plans.controller.js';
import { PlansService } from './plans.service.js';

@Module({
  controllers: [PlansController, PlanObjectsController, DetailedViewsController],
  providers: [PlansService, PlanChildLocator, DetailedViewsService],
  exports: [PlansService, PlanChildLocator],
})
export class PlansModule {}
