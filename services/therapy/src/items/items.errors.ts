import { PlanMessages } from '@aba/contracts/api';
import { NotFound } from '@aba/server-kit';

export class ItemNotFound extends NotFound {
  constructor() {
    super(PlanMessages.itemNotFound);
  }
}
