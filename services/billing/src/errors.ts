import type { ZodType } from 'zod';
import { BillingMessages } from '@aba/contracts/api';
import {
  Conflict,
  DomainError,
  Forbidden,
  NotFound,
  Unauthenticated,
  ValidationFailed,
  describeZodError,
} from '@aba/server-kit';

/** Billing's typed failures; server-kit's filter answers each with its status and `{ error: message }`. */

export class NotLoggedIn extends Unauthenticated {
  constructor() {
    super(BillingMessages.notLoggedIn);
  }
}

export class AdminOnly extends Forbidden {
  constructor() {
    super(BillingMessages.adminOnly);
  }
}

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

export class ChildNotFound extends NotFound {
  constructor() {
    super(BillingMessages.childNotFound);
  }
}

export class NoChildAccess extends Forbidden {
  constructor() {
    super(BillingMessages.noChildAccess);
  }
}

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

/** A link that cannot be made: no Stripe key and no configured URL, or no Stripe customer yet. */
export class LinkUnavailable extends NotFound {}

/** Stripe answered with an error or could not be reached. */
export class PaymentProviderFailed extends DomainError {
  readonly status = 502;
  constructor() {
    super(BillingMessages.paymentProviderFailed);
  }
}

export class WebhookNotConfigured extends DomainError {
  readonly status = 503;
  constructor() {
    super(BillingMessages.webhookNotConfigured);
  }
}

export class InvalidWebhook extends ValidationFailed {}

const OWN_MESSAGES = new Set<string>(Object.values(BillingMessages));

/**
 * Validates a body with a contracts schema. Billing's messages name their field and are answered verbatim (the
 * front end translates them); any other mismatch is `field: message`.
 */
export function parseBody<T>(schema: ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  const first = parsed.error.issues[0];
  throw new ValidationFailed(
    first && OWN_MESSAGES.has(first.message) ? first.message : describeZodError(parsed.error),
  );
}
