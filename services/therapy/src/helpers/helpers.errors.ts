import { ChildMessages } from '@aba/contracts/api';
import { NotFound, TooManyRequests } from '@aba/server-kit';

export class HelperNotFound extends NotFound {
  constructor() {
    super(ChildMessages.helperNotFound);
  }
}

export class TooManyHelperAdditions extends TooManyRequests {
  constructor(retryAfterSeconds: number) {
    super(ChildMessages.tooManyHelperAdditions, retryAfterSeconds);
  }
}
