import { IdentityMessages } from '@aba/contracts/api';
import { Forbidden, TooManyRequests, Unauthenticated } from '@aba/server-kit';

export class InvalidCredentials extends Unauthenticated {
  constructor() {
    super(IdentityMessages.invalidCredentials);
  }
}

export class AccountInactive extends Forbidden {
  constructor() {
    super(IdentityMessages.accountInactive);
  }
}

export class TooManyLoginAttempts extends TooManyRequests {
  constructor(retryAfterSeconds: number) {
    super(IdentityMessages.tooManyAttempts, retryAfterSeconds);
  }
}
