import { ChildMessages } from '@aba/contracts/api';
import { ChildNotFound, type DomainError, Forbidden, NoChildAccess } from '@aba/server-kit';
import type { ChildAccessRefusal } from './child-access.rule.js';

export class ActionNotAllowed extends Forbidden {
  constructor() {
    super(ChildMessages.actionNotAllowed);
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
