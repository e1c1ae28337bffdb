import type { OnlinePayment } from '@aba/contracts/api';
import type { BillingSettings } from '../config.js';

/**
 * Where a click on "Manage" / "Add licenses" leads, decided from the configuration alone (and, for the portal,
 * whether the user has a Stripe customer): a Stripe session, the configured URL, or nowhere. The links and the
 * `online_payment` flags of the summary both follow these rules, so the page never offers a link that fails.
 */
export type LinkRoute = 'stripe' | 'configured-url' | null;

/** Manage: Stripe's Customer Portal needs the key and a Stripe customer; otherwise `BILLING_PORTAL_URL`. */
export function portalRoute(
  settings: Pick<BillingSettings, 'secretKey' | 'portalUrl'>,
  hasStripeCustomer: boolean,
): LinkRoute {
  if (settings.secretKey && hasStripeCustomer) return 'stripe';
  return settings.portalUrl ? 'configured-url' : null;
}

/** Add licenses: Stripe Checkout needs the key and a price; otherwise `BILLING_CHECKOUT_URL`. */
export function checkoutRoute(
  settings: Pick<BillingSettings, 'secretKey' | 'priceId' | 'checkoutUrl'>,
): LinkRoute {
  if (settings.secretKey && settings.priceId) return 'stripe';
  return settings.checkoutUrl ? 'configured-url' : null;
}

/** The `online_payment` of GET /api/user/subscription-data. */
export function onlinePayment(settings: BillingSettings, hasStripeCustomer: boolean): OnlinePayment {
  return {
    manage: portalRoute(settings, hasStripeCustomer) !== null,
    add_licenses: checkoutRoute(settings) !== null,
  };
}
