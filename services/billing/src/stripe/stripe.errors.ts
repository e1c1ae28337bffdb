import { BillingMessages } from '@aba/contracts/api';
import { DomainError, NotFound, ValidationFailed } from '@aba/server-kit';

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
