import { BillingMessages } from '@aba/contracts/api';
import { Conflict, NotFound } from '@aba/server-kit';

export class UserNotFound extends NotFound {
  constructor() {
    super(BillingMessages.userNotFound);
  }
}

export class SubscriptionNotFound extends NotFound {
  constructor() {
    super(BillingMessages.subscriptionNotFound);
  }
}

export class StripeIdTaken extends Conflict {
  constructor() {
    super(BillingMessages.stripeIdTaken);
  }
}
