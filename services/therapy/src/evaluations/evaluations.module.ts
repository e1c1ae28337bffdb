import { Module } from '@nestjs/common';
import { ItemsModule } from '../items/items.module.js';
import { MasteryModule } from '../mastery/mastery.module.js';
import { EvaluationChildLocator } from './evaluation-child.locator.js';
import { EvaluationsController } from './evaluations.controller.js';
import { EvaluationsService } from './evaluations.service.js';

@Module({
  imports: [ItemsModule, MasteryModule],
  controllers: [EvaluationsController],
  providers: [EvaluationsService, EvaluationChildLocator],
  exports: [EvaluationsService],
})
export class EvaluationsModule {}
