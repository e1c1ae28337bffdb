import { SessionMessages } from '@aba/contracts/api';
import { NotFound } from '@aba/server-kit';

export class SessionNotFound extends NotFound {
  constructor() {
    super(SessionMessages.sessionNotFound);
  }
}
