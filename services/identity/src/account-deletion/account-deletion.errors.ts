import { AccountDeletionMessages } from '@aba/contracts/api';
import { Conflict, DomainError, ValidationFailed } from '@aba/server-kit';

/** The e-mail typed to confirm is not the account's (trimmed, lower-cased). */
export class ConfirmationMismatch extends ValidationFailed {
  constructor() {
    super(AccountDeletionMessages.confirmationMismatch);
  }
}

/** The choices made for the user's children cannot delete the account as they stand (`accountDeletionProblem`). */
export class ChildrenNotSettled extends ValidationFailed {}

/** A hand-over the user named still waits for its coordinator (409). */
export class HandOverPending extends Conflict {}

/** Therapy could not say where the user's children stand: nothing is deleted (503). */
export class AccountDeletionUnavailable extends DomainError {
  readonly status = 503;

  constructor() {
    super(AccountDeletionMessages.unavailable);
  }
}
