import { IdentityMessages } from '@aba/contracts/api';
import { Conflict, Forbidden, TooManyRequests, Unauthenticated, ValidationFailed } from '@aba/server-kit';

/** Identity's typed failures; server-kit's filter answers each with its status and `{ error: message }`. */

/** A registration or new password breaks a rule (the message says which). */
export class RegistrationRejected extends ValidationFailed {}

export class EmailTaken extends Conflict {
  constructor() {
    super(IdentityMessages.emailTaken);
  }
}

export class InvalidInvite extends ValidationFailed {
  constructor() {
    super(IdentityMessages.invalidInvite);
  }
}

/** An activation or reset link that is unknown, used or expired. */
export class InvalidLink extends ValidationFailed {
  constructor() {
    super(IdentityMessages.invalidToken);
  }
}

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

export class NotLoggedIn extends Unauthenticated {
  constructor() {
    super(IdentityMessages.notLoggedIn);
  }
}

export class AdminOnly extends Forbidden {
  constructor() {
    super(IdentityMessages.adminOnly);
  }
}
