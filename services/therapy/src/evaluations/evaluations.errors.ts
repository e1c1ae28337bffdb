import { PlanMessages } from '@aba/contracts/api';
import { NotFound } from '@aba/server-kit';

export class EvaluationNotFound extends NotFound {
  constructor() {
    super(PlanMessages.evaluationNotFound);
  }
}
