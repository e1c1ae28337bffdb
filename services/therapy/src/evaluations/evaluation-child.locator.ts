import { Inject, Injectable } from '@nestjs/common';
import type { ChildLocator } from '../child-access/child-access.types.js';
import { EvaluationsService } from './evaluations.service.js';

/** `/api/item-evaluation/{id}/…`: the evaluation's child (404 `Evaluation does not exist` otherwise). */
@Injectable()
export class EvaluationChildLocator implements ChildLocator {
  constructor(@Inject(EvaluationsService) private readonly evaluations: EvaluationsService) {}

  childOf(evaluationId: string): Promise<string> {
    return this.evaluations.childOf(evaluationId);
  }
}
