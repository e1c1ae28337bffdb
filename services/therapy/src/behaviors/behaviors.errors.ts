import { BehaviorMessages } from '@aba/contracts/api';
import { NotFound } from '@aba/server-kit';

/** An unknown or malformed behaviour id, or one of another child. */
export class BehaviorNotFound extends NotFound {
  constructor() {
    super(BehaviorMessages.behaviorNotFound);
  }
}
