import 'reflect-metadata';
import { BillingMessages } from '@aba/contracts/api';
import { startFakeStripe, type FakeStripe } from '../testing/fake-stripe.js';
import {
  startBilling,
  type BillingApp,
  type BillingHarness,
  type TestUser,
} from '../testing/billing-harness.js';

const PUBLIC_URL = 'https://aba.example.test';
const PORTAL_URL = 'https://billing.stripe.com/p/login/test_portal';
const CHECKOUT_URL = 'https://buy.stripe.com/test_licences';
const OTHER_CHECKOUT_URL = 'https://pay.example.test/licences';

/**
 * The checkout and portal links. Stripe's servers are unreachable from this machine, so with STRIPE_SECRET_KEY set the
 * real SDK is pointed (STRIPE_API_BASE) at a small local fake of the two Stripe endpoints billing calls; the fake
 * records the form bodies the SDK sent. Without the key, the configured URLs are answered.
 */
describe('billing links (/api/billing/checkout-link, /api/billing/portal-link)', () => {
  let billing: BillingHarness;
  let fake: FakeStripe;
  let withStripe: BillingApp;
  let withUrls: BillingApp;
  let withOtherUrl: BillingApp;
  let withKeyOnly: BillingApp;

  beforeAll(async () => {
    fake = await startFakeStripe();
    billing = await startBilling();
    withStripe = await billing.startApp({
      STRIPE_SECRET_KEY: 'sk_test_fake_key',
      STRIPE_WEBHOOK_SECRET: 'whsec_fake',
      STRIPE_PRICE_ID: 'price_licence',
      STRIPE_API_BASE: fake.url,
      PUBLIC_URL: `${PUBLIC_URL}/`,
    });
    withUrls = await billing.startApp({ BILLING_PORTAL_URL: PORTAL_URL, BILLING_CHECKOUT_URL: CHECKOUT_URL });
    withOtherUrl = await billing.startApp({ BILLING_CHECKOUT_URL: OTHER_CHECKOUT_URL });
    withKeyOnly = await billing.startApp({
      STRIPE_SECRET_KEY: 'sk_test_fake_key',
      STRIPE_WEBHOOK_SECRET: 'whsec_fake',
      STRIPE_API_BASE: fake.url,
    });
  });

  afterAll(async () => {
    await billing.close();
    await fake.close();
  });

  const checkout = async (app: BillingApp, user: TestUser, body: object = {}) =>
    app
      .http()
      .post('/api/billing/checkout-link')
      .set(await billing.headers(user.identity))
      .send(body);
  const portal = async (app: BillingApp, user: TestUser) =>
    app
      .http()
      .get('/api/billing/portal-link')
      .set(await billing.headers(user.identity));

  describe('with STRIPE_SECRET_KEY (SDK against the local fake)', () => {
    it('creates a Checkout session for the quantity asked, at the configured price, tagged with the user', async () => {
      const user = await billing.user();
      const before = fake.requests.length;
      const response = await checkout(withStripe, user, { quantity: 4 });
      expect(response.status).toBe(200);
      expect(response.body.url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);

      const sent = fake.requests.slice(before);
      expect(sent).toHaveLength(1);
      expect(sent[0]).toMatchObject({
        method: 'POST',
        path: '/v1/checkout/sessions',
        authorization: 'Bearer sk_test_fake_key',
      });
      expect(sent[0].form).toMatchObject({
        mode: 'subscription',
        'line_items[0][price]': 'price_licence',
        'line_items[0][quantity]': '4',
        client_reference_id: user.id,
        'metadata[user_id]': user.id,
        'metadata[quantity]': '4',
        'subscription_data[metadata][user_id]': user.id,
        customer_email: user.email,
        success_url: `${PUBLIC_URL}/billing?checkout=success`,
        cancel_url: `${PUBLIC_URL}/billing?checkout=canceled`,
      });
    });

    it('buys one licence by default and reuses a known Stripe customer', async () => {
      const user = await billing.user();
      await billing.subscription(user, 1, 'cus_known_customer');
      const before = fake.requests.length;
      expect((await checkout(withStripe, user)).status).toBe(200);
      const [sent] = fake.requests.slice(before);
      expect(sent.form['line_items[0][quantity]']).toBe('1');
      expect(sent.form.customer).toBe('cus_known_customer');
      expect(sent.form.customer_email).toBeUndefined();
    });

    it('refuses a bad quantity with 400 before calling Stripe', async () => {
      const user = await billing.user();
      const before = fake.requests.length;
      const response = await checkout(withStripe, user, { quantity: 0 });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: BillingMessages.quantityInvalid });
      expect(fake.requests.length).toBe(before);
    });

    it('opens a Customer Portal session for the user’s Stripe customer, back to /billing', async () => {
      const user = await billing.user();
      await billing.subscription(user, 2, 'cus_portal_customer');
      const before = fake.requests.length;
      const response = await portal(withStripe, user);
      expect(response.status).toBe(200);
      expect(response.body.url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\/bps_test_/);
      const [sent] = fake.requests.slice(before);
      expect(sent).toMatchObject({ method: 'POST', path: '/v1/billing_portal/sessions' });
      expect(sent.form).toEqual({ customer: 'cus_portal_customer', return_url: `${PUBLIC_URL}/billing` });
    });

    it('answers 404 for the portal of a user without a Stripe customer, without calling Stripe', async () => {
      const user = await billing.user();
      const before = fake.requests.length;
      const response = await portal(withStripe, user);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: BillingMessages.noBillingAccount });
      expect(fake.requests.length).toBe(before);
    });

    it('answers 502 with a clear message when Stripe refuses', async () => {
      const user = await billing.user();
      fake.failNext(400);
      const response = await checkout(withStripe, user, { quantity: 2 });
      expect(response.status).toBe(502);
      expect(response.body).toEqual({ error: BillingMessages.paymentProviderFailed });
    });
  });

  describe('without STRIPE_SECRET_KEY', () => {
    it('answers the configured URLs, a Stripe-hosted one carrying the user id and e-mail', async () => {
      const user = await billing.user();
      const checkoutUrl = new URL((await checkout(withUrls, user, { quantity: 3 }).then((r) => r.body)).url);
      expect(`${checkoutUrl.origin}${checkoutUrl.pathname}`).toBe(CHECKOUT_URL);
      expect(checkoutUrl.searchParams.get('client_reference_id')).toBe(user.id);
      expect(checkoutUrl.searchParams.get('prefilled_email')).toBe(user.email);

      const portalResponse = await portal(withUrls, user);
      expect(portalResponse.status).toBe(200);
      const portalUrl = new URL(portalResponse.body.url);
      expect(`${portalUrl.origin}${portalUrl.pathname}`).toBe(PORTAL_URL);
      expect(portalUrl.searchParams.get('client_reference_id')).toBeNull();

      expect((await checkout(withOtherUrl, user)).body).toEqual({ url: OTHER_CHECKOUT_URL });
    });

    it('answers 404 { error } when no URL is configured', async () => {
      const user = await billing.user();
      const noCheckout = await checkout(billing, user);
      expect(noCheckout.status).toBe(404);
      expect(noCheckout.body).toEqual({ error: BillingMessages.checkoutUnavailable });
      const noPortal = await portal(billing, user);
      expect(noPortal.status).toBe(404);
      expect(noPortal.body).toEqual({ error: BillingMessages.portalUnavailable });
      expect((await portal(withOtherUrl, user)).status).toBe(404);
    });

    it('needs a logged-in caller', async () => {
      expect((await billing.http().get('/api/billing/portal-link')).status).toBe(401);
      expect((await billing.http().post('/api/billing/checkout-link').send({})).status).toBe(401);
    });
  });
  describe('online_payment in /api/user/subscription-data: what a click would do, known before it', () => {
    const onlinePayment = async (app: BillingApp, user: TestUser) =>
      (
        await app
          .http()
          .get('/api/user/subscription-data')
          .set(await billing.headers(user.identity))
          .expect(200)
      ).body.online_payment;
    /** What the two links really answer for this user in this configuration. */
    const clicks = async (app: BillingApp, user: TestUser) => ({
      manage: (await portal(app, user)).status === 200,
      add_licenses: (await checkout(app, user)).status === 200,
    });

    it.each([
      [
        'no Stripe key and no URLs (the local default)',
        () => billing,
        false,
        { manage: false, add_licenses: false },
      ],
      [
        'BILLING_PORTAL_URL and BILLING_CHECKOUT_URL',
        () => withUrls,
        false,
        { manage: true, add_licenses: true },
      ],
      ['only BILLING_CHECKOUT_URL', () => withOtherUrl, false, { manage: false, add_licenses: true }],
      [
        'Stripe with a price, user without a Stripe customer',
        () => withStripe,
        false,
        { manage: false, add_licenses: true },
      ],
      [
        'Stripe with a price, user with a Stripe customer',
        () => withStripe,
        true,
        { manage: true, add_licenses: true },
      ],
      [
        'a Stripe key without a price, user with a Stripe customer',
        () => withKeyOnly,
        true,
        { manage: true, add_licenses: false },
      ],
      [
        'a Stripe key without a price, user without a Stripe customer',
        () => withKeyOnly,
        false,
        { manage: false, add_licenses: false },
      ],
    ] as const)('%s', async (_configuration, app, hasCustomer, expected) => {
      const user = await billing.user();
      await billing.subscription(user, 2, hasCustomer ? `cus_${user.id.slice(0, 8)}` : undefined);
      expect(await onlinePayment(app(), user)).toEqual(expected);
      expect(await clicks(app(), user)).toEqual(expected);
    });
  });
});
