import { IdentityMessages } from '@aba/contracts/api';
import { Conflict, ValidationFailed } from '@aba/server-kit';

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
