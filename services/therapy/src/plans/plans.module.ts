import { Module } from '@nestjs/common';
import { PlanChildLocator } from './plan-child.locator.js';
import { PlanObjectsController, PlansController } from './plans.controller.js';
import { PlansService } from './plans.service.js';

@Module({
  controllers: [PlansController, PlanObjectsController],
  providers: [PlansService, PlanChildLocator],
  exports: [PlansService, PlanChildLocator],
})
export class PlansModule {}
