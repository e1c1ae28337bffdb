import { Module } from '@nestjs/common';
import { SubPlanChildLocator } from './sub-plan-child.locator.js';
import { SubPlanObjectsController, SubPlansController } from './sub-plans.controller.js';
import { SubPlansService } from './sub-plans.service.js';

@Module({
  controllers: [SubPlansController, SubPlanObjectsController],
  providers: [SubPlansService, SubPlanChildLocator],
  exports: [SubPlansService, SubPlanChildLocator],
})
export class SubPlansModule {}
