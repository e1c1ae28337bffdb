import { loadBillingConfig } from './config.js';

const base = {
  SERVICE_DATABASE_URL: 'postgres://billing:secret@127.0.0.1:5432/aba',
  INTERNAL_TOKEN_SECRET: 'x'.repeat(32),
};

describe('billing configuration', () => {
  it('runs without Stripe: no key, no links, the local public URL', () => {
    expect(loadBillingConfig(base).billing).toEqual({
      secretKey: null,
      webhookSecret: null,
      priceId: null,
      api: null,
      portalUrl: null,
      checkoutUrl: null,
      publicUrl: 'http://localhost:8080',
    });
  });

  it('treats empty variables as unset', () => {
    expect(
      loadBillingConfig({ ...base, STRIPE_SECRET_KEY: '', BILLING_PORTAL_URL: '' }).billing.secretKey,
    ).toBeNull();
  });

  it('requires the webhook secret when the secret key is set', () => {
    expect(() => loadBillingConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(
      /STRIPE_WEBHOOK_SECRET: is required when STRIPE_SECRET_KEY is set/,
    );
  });

  it('reads the Stripe settings and splits STRIPE_API_BASE into host, port and protocol for the SDK', () => {
    const { billing } = loadBillingConfig({
      ...base,
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      STRIPE_PRICE_ID: 'price_1',
      STRIPE_API_BASE: 'http://127.0.0.1:12111',
      PUBLIC_URL: 'https://app.example.com/',
    });
    expect(billing).toMatchObject({
      secretKey: 'sk_test_1',
      webhookSecret: 'whsec_1',
      priceId: 'price_1',
      api: { host: '127.0.0.1', port: 12111, protocol: 'http' },
      publicUrl: 'https://app.example.com',
    });
  });

  it('names every bad value', () => {
    expect(() =>
      loadBillingConfig({
        ...base,
        STRIPE_SECRET_KEY: 'pk_live_public',
        STRIPE_WEBHOOK_SECRET: 'nope',
        BILLING_CHECKOUT_URL: 'ftp://x',
      }),
    ).toThrow(/STRIPE_SECRET_KEY[\s\S]*STRIPE_WEBHOOK_SECRET[\s\S]*BILLING_CHECKOUT_URL: must be a URL/);
  });
});
