import { Module } from '@nestjs/common';
import { BehaviorsModule } from '../behaviors/behaviors.module.js';
import { EvaluationsModule } from '../evaluations/evaluations.module.js';
import { NeedsAttentionController } from './needs-attention.controller.js';
import { NeedsAttentionService } from './needs-attention.service.js';

/** Captures handed over because their goal or behaviour was deleted while the phone was offline (issue 16). */
@Module({
  imports: [EvaluationsModule, BehaviorsModule],
  controllers: [NeedsAttentionController],
  providers: [NeedsAttentionService],
})
export class NeedsAttentionModule {}
