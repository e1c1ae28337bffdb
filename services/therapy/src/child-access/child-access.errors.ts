import { ChildMessages, ErrorMessages } from '@aba/contracts/api';
import { DomainError, Forbidden, NotFound } from '@aba/server-kit';
import type { ChildAccessRefusal } from './child-access.rule.js';

export class ChildNotFound extends NotFound {
  constructor() {
    super(ChildMessages.childNotFound);
  }
}

export class NoChildAccess extends Forbidden {
  constructor() {
    super(ChildMessages.noChildAccess);
  }
}

export class ActionNotAllowed extends Forbidden {
  constructor() {
    super(ChildMessages.actionNotAllowed);
  }
}

/**
 * 402, for gates such as the licence gate (`Child subscription not found`). Server-kit has no 402 class yet;
 * `DomainError` lets a service declare one.
 */
export class PaymentRequired extends DomainError {
  readonly status = 402;
}

export class LicenceMissing extends PaymentRequired {
  constructor() {
    super(ErrorMessages.licenceMissing);
  }
}

export function childAccessError(refusal: ChildAccessRefusal): DomainError {
  switch (refusal) {
    case 'childNotFound':
      return new ChildNotFound();
    case 'noChildAccess':
      return new NoChildAccess();
    case 'actionNotAllowed':
      return new ActionNotAllowed();
  }
}
