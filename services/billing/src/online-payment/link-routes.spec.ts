import { checkoutRoute, onlinePayment, portalRoute } from './link-routes.js';
import { stripeConfigSchema } from '../config.js';

const settings = (env: Record<string, string>) => stripeConfigSchema.parse(env);
const STRIPE = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
const PORTAL_URL = 'https://billing.example.test/portal';
const CHECKOUT_URL = 'https://pay.example.test/licences';

describe('where Manage and Add licenses lead', () => {
  it('nowhere without Stripe and without configured URLs (the local default)', () => {
    const local = settings({});
    expect(portalRoute(local, false)).toBeNull();
    expect(portalRoute(local, true)).toBeNull();
    expect(checkoutRoute(local)).toBeNull();
    expect(onlinePayment(local, true)).toEqual({ manage: false, add_licenses: false });
  });

  it('to the configured URLs without Stripe, each on its own', () => {
    const both = settings({ BILLING_PORTAL_URL: PORTAL_URL, BILLING_CHECKOUT_URL: CHECKOUT_URL });
    expect(portalRoute(both, false)).toBe('configured-url');
    expect(checkoutRoute(both)).toBe('configured-url');
    expect(onlinePayment(settings({ BILLING_CHECKOUT_URL: CHECKOUT_URL }), false)).toEqual({
      manage: false,
      add_licenses: true,
    });
  });

  it('to Stripe with a key: the portal only for a user with a Stripe customer, Checkout only with a price', () => {
    const withPrice = settings({ ...STRIPE, STRIPE_PRICE_ID: 'price_x' });
    expect(portalRoute(withPrice, true)).toBe('stripe');
    expect(portalRoute(withPrice, false)).toBeNull();
    expect(checkoutRoute(withPrice)).toBe('stripe');
    expect(onlinePayment(withPrice, false)).toEqual({ manage: false, add_licenses: true });

    const keyOnly = settings(STRIPE);
    expect(checkoutRoute(keyOnly)).toBeNull();
    expect(onlinePayment(keyOnly, true)).toEqual({ manage: true, add_licenses: false });
  });

  it('to the configured URLs where Stripe cannot serve the user', () => {
    const fallback = settings({
      ...STRIPE,
      BILLING_PORTAL_URL: PORTAL_URL,
      BILLING_CHECKOUT_URL: CHECKOUT_URL,
    });
    expect(portalRoute(fallback, false)).toBe('configured-url');
    expect(portalRoute(fallback, true)).toBe('stripe');
    expect(checkoutRoute(fallback)).toBe('configured-url');
  });
});
