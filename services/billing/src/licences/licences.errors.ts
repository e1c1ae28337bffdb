import { BillingMessages } from '@aba/contracts/api';
import { Conflict, Forbidden, NotFound } from '@aba/server-kit';

export class ChildAlreadyLicensed extends Conflict {
  constructor() {
    super(BillingMessages.childAlreadyLicensed);
  }
}

/** No active subscription at all. */
export class NoActiveSubscription extends Conflict {
  constructor() {
    super(BillingMessages.noActiveSubscription);
  }
}

/** Active subscriptions, every licence of which is in use. */
export class NoFreeLicence extends Conflict {
  constructor() {
    super(BillingMessages.noFreeLicence);
  }
}

export class LicenceNotFound extends NotFound {
  constructor() {
    super(BillingMessages.licenceNotFound);
  }
}

export class LicenceNotYours extends Forbidden {
  constructor() {
    super(BillingMessages.licenceNotYours);
  }
}
