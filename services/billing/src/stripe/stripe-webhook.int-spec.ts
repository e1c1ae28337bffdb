import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { BillingMessages } from '@aba/contracts/api';
import { Subjects } from '@aba/contracts/events';
import {
  startBilling,
  type BillingApp,
  type BillingHarness,
  type TestUser,
} from '../testing/billing-harness.js';

const WEBHOOK_SECRET = 'whsec_integration_test_secret';
const PRICE = 'price_licence';
const WEBHOOK = '/api/billing/stripe/webhook';

/** Seconds, Stripe's clock. */
const now = () => Math.floor(Date.now() / 1000);

function stripeEvent(type: string, object: Record<string, unknown>, created = now()) {
  return {
    id: `evt_${randomUUID().replace(/-/g, '')}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created,
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  };
}

function stripeSubscription(options: {
  id: string;
  customer: string;
  status: string;
  quantity: number;
  userId?: string;
}) {
  return {
    id: options.id,
    object: 'subscription',
    customer: options.customer,
    status: options.status,
    metadata: options.userId ? { user_id: options.userId } : {},
    items: {
      object: 'list',
      data: [
        {
          id: `si_${options.id}`,
          object: 'subscription_item',
          quantity: options.quantity,
          price: { id: PRICE, object: 'price' },
        },
      ],
    },
  };
}

function checkoutSession(options: {
  user: TestUser;
  subscription: string;
  customer: string;
  quantity: number;
}) {
  return {
    id: `cs_test_${randomUUID().replace(/-/g, '')}`,
    object: 'checkout.session',
    mode: 'subscription',
    status: 'complete',
    payment_status: 'paid',
    client_reference_id: options.user.id,
    customer: options.customer,
    subscription: options.subscription,
    metadata: { user_id: options.user.id, quantity: String(options.quantity) },
  };
}

describe('Stripe webhook (/api/billing/stripe/webhook), payloads signed by the real SDK', () => {
  let billing: BillingHarness;

  beforeAll(async () => {
    billing = await startBilling({ STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_PRICE_ID: PRICE });
  });

  afterAll(async () => {
    await billing.close();
  });

  /** Delivers an event as Stripe does: raw JSON body and a `Stripe-Signature` header, no internal token. */
  const deliver = (
    event: object,
    options: { secret?: string; signature?: string | null; app?: BillingApp } = {},
  ) => {
    const payload = JSON.stringify(event);
    const signature =
      options.signature === undefined
        ? Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET })
        : options.signature;
    const call = (options.app ?? billing).http().post(WEBHOOK).set('content-type', 'application/json');
    return (signature === null ? call : call.set('stripe-signature', signature)).send(payload);
  };

  const subscriptionRow = async (stripeId: string) =>
    (
      await billing.sql<{
        id: string;
        user_id: string;
        quantity: number;
        status: string;
        stripe_customer_id: string | null;
      }>(
        'select id, user_id, quantity, status, stripe_customer_id from billing.subscription where stripe_subscription_id = ?',
        [stripeId],
      )
    )[0];
  const summary = async (user: TestUser) =>
    (
      await billing
        .http()
        .get('/api/user/subscription-data')
        .set(await billing.headers(user.identity))
        .expect(200)
    ).body;
  const addLicense = async (user: TestUser, childId: string) =>
    billing
      .http()
      .post('/api/child/add-license')
      .set(await billing.headers(user.identity))
      .send({ child_id: childId });
  const processed = async (eventId: string) =>
    (await billing.sql('select 1 from billing.stripe_event where id = ?', [eventId])).length;

  it('refuses a bad, missing or mismatched signature with 400 and changes nothing', async () => {
    const user = await billing.user();
    const event = stripeEvent(
      'checkout.session.completed',
      checkoutSession({ user, subscription: 'sub_forged', customer: 'cus_forged', quantity: 50 }),
    );

    const wrongSecret = await deliver(event, { secret: 'whsec_someone_else' });
    expect(wrongSecret.status).toBe(400);
    expect(wrongSecret.body).toEqual({ error: BillingMessages.webhookSignatureInvalid });

    expect((await deliver(event, { signature: null })).body).toEqual({
      error: BillingMessages.webhookSignatureInvalid,
    });
    expect((await deliver(event, { signature: 't=1,v1=deadbeef' })).status).toBe(400);

    // A body changed after signing.
    const payload = JSON.stringify(event);
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const tampered = await billing
      .http()
      .post(WEBHOOK)
      .set('content-type', 'application/json')
      .set('stripe-signature', header)
      .send(payload.replace('"quantity":"50"', '"quantity":"99"'));
    expect(tampered.status).toBe(400);

    expect(await subscriptionRow('sub_forged')).toBeUndefined();
    expect(await processed(event.id)).toBe(0);
  });

  it('checkout.session.completed gives the buyer an active subscription with the quantity bought', async () => {
    const user = await billing.user();
    const event = stripeEvent(
      'checkout.session.completed',
      checkoutSession({ user, subscription: 'sub_checkout_1', customer: 'cus_checkout_1', quantity: 3 }),
    );
    const response = await deliver(event);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ received: true, outcome: 'applied' });
    expect(await subscriptionRow('sub_checkout_1')).toMatchObject({
      user_id: user.id,
      quantity: 3,
      status: 'active',
      stripe_customer_id: 'cus_checkout_1',
    });
    expect((await summary(user)).total).toBe(3);
    const child = await billing.child(user);
    expect((await addLicense(user, child)).status).toBe(201);
  });

  it('applies the same event once, however often it is delivered', async () => {
    const user = await billing.user();
    const event = stripeEvent(
      'checkout.session.completed',
      checkoutSession({ user, subscription: 'sub_replayed', customer: 'cus_replayed', quantity: 2 }),
    );
    const responses = await Promise.all([deliver(event), deliver(event)]);
    expect(responses.map((response) => response.body.outcome).sort()).toEqual(['applied', 'duplicate']);
    expect((await deliver(event)).body).toEqual({ received: true, outcome: 'duplicate' });
    const rows = await billing.sql('select 1 from billing.subscription where user_id = ?', [user.id]);
    expect(rows).toHaveLength(1);
    expect(await processed(event.id)).toBe(1);
  });

  it('customer.subscription.updated sets quantity and status; a lowered quantity takes back the newest licences', async () => {
    const user = await billing.user();
    const t0 = now() - 100;
    await deliver(
      stripeEvent(
        'checkout.session.completed',
        checkoutSession({ user, subscription: 'sub_updated', customer: 'cus_updated', quantity: 3 }),
        t0,
      ),
    );
    const children = [await billing.child(user), await billing.child(user), await billing.child(user)];
    const uses: string[] = [];
    for (const child of children) uses.push((await addLicense(user, child)).body.child_subscription_id);

    const lowered = await deliver(
      stripeEvent(
        'customer.subscription.updated',
        stripeSubscription({
          id: 'sub_updated',
          customer: 'cus_updated',
          status: 'active',
          quantity: 1,
          userId: user.id,
        }),
        t0 + 10,
      ),
    );
    expect(lowered.body.outcome).toBe('applied');
    expect(await subscriptionRow('sub_updated')).toMatchObject({ quantity: 1, status: 'active' });
    // The oldest use keeps its licence; the two newest are revoked and announced.
    const state = await billing.sql<{ id: string; status: string }>(
      'select id, status from billing.child_subscription where id in (?, ?, ?)',
      uses,
    );
    const statusOf = (id: string) => state.find((row) => row.id === id)?.status;
    expect(uses.map(statusOf)).toEqual(['active', 'inactive', 'inactive']);
    await billing.waitForLicenceEvent('revoked', uses[1]);
    await billing.waitForLicenceEvent('revoked', uses[2]);

    const pastDue = await deliver(
      stripeEvent(
        'customer.subscription.updated',
        stripeSubscription({ id: 'sub_updated', customer: 'cus_updated', status: 'past_due', quantity: 1 }),
        t0 + 20,
      ),
    );
    expect(pastDue.body.outcome).toBe('applied');
    expect(await subscriptionRow('sub_updated')).toMatchObject({ status: 'paused' });
    await billing.waitForLicenceEvent('revoked', uses[0]);
    expect((await summary(user)).total).toBe(0);
  });

  it('ignores an older customer.subscription.updated delivered after a newer one', async () => {
    const user = await billing.user();
    const t0 = now() - 100;
    const newer = stripeEvent(
      'customer.subscription.updated',
      stripeSubscription({
        id: 'sub_ordering',
        customer: 'cus_ordering',
        status: 'active',
        quantity: 4,
        userId: user.id,
      }),
      t0 + 30,
    );
    const older = stripeEvent(
      'customer.subscription.updated',
      stripeSubscription({
        id: 'sub_ordering',
        customer: 'cus_ordering',
        status: 'unpaid',
        quantity: 1,
        userId: user.id,
      }),
      t0,
    );
    expect((await deliver(newer)).body.outcome).toBe('applied');
    const child = await billing.child(user);
    const use = (await addLicense(user, child)).body.child_subscription_id;

    expect((await deliver(older)).body.outcome).toBe('stale');
    expect(await subscriptionRow('sub_ordering')).toMatchObject({ status: 'active', quantity: 4 });
    const [row] = await billing.sql<{ status: string }>(
      'select status from billing.child_subscription where id = ?',
      [use],
    );
    expect(row.status).toBe('active');
  });

  it('customer.subscription.deleted cancels the subscription and takes back its licences', async () => {
    const user = await billing.user();
    const t0 = now() - 100;
    await deliver(
      stripeEvent(
        'customer.subscription.created',
        stripeSubscription({
          id: 'sub_deleted',
          customer: 'cus_deleted',
          status: 'active',
          quantity: 2,
          userId: user.id,
        }),
        t0,
      ),
    );
    const use = (await addLicense(user, await billing.child(user))).body.child_subscription_id;
    const deleted = await deliver(
      stripeEvent(
        'customer.subscription.deleted',
        stripeSubscription({ id: 'sub_deleted', customer: 'cus_deleted', status: 'canceled', quantity: 2 }),
        t0 + 5,
      ),
    );
    expect(deleted.body.outcome).toBe('applied');
    expect(await subscriptionRow('sub_deleted')).toMatchObject({ status: 'canceled' });
    await billing.waitForLicenceEvent('revoked', use);
    const revoked = (await billing.billingEvents()).filter(
      (event) => event.type === Subjects.LicenseRevokedV1 && event.data.childSubscriptionId === use,
    );
    expect(revoked).toHaveLength(1);
  });

  it('links a subscription created before its checkout completed, and adopts an admin row of the same customer', async () => {
    const user = await billing.user();
    const t0 = now() - 100;
    await deliver(
      stripeEvent(
        'customer.subscription.created',
        stripeSubscription({
          id: 'sub_early',
          customer: 'cus_early',
          status: 'trialing',
          quantity: 2,
          userId: user.id,
        }),
        t0,
      ),
    );
    await deliver(
      stripeEvent(
        'checkout.session.completed',
        checkoutSession({ user, subscription: 'sub_early', customer: 'cus_early', quantity: 2 }),
        t0,
      ),
    );
    expect(await billing.sql('select 1 from billing.subscription where user_id = ?', [user.id])).toHaveLength(
      1,
    );
    expect(await subscriptionRow('sub_early')).toMatchObject({
      status: 'active',
      quantity: 2,
      stripe_customer_id: 'cus_early',
    });

    const other = await billing.user();
    const adminMade = await billing.subscription(other, 1, 'cus_admin_made');
    const outcome = await deliver(
      stripeEvent(
        'customer.subscription.updated',
        stripeSubscription({
          id: 'sub_of_admin_row',
          customer: 'cus_admin_made',
          status: 'active',
          quantity: 6,
        }),
      ),
    );
    expect(outcome.body.outcome).toBe('applied');
    expect(await subscriptionRow('sub_of_admin_row')).toMatchObject({
      id: adminMade,
      user_id: other.id,
      quantity: 6,
    });
  });

  it('acknowledges unknown event types and subscriptions of nobody it knows without changing anything', async () => {
    const unknownType = stripeEvent('invoice.paid', { id: 'in_1', object: 'invoice' });
    expect((await deliver(unknownType)).body).toEqual({ received: true, outcome: 'ignored' });
    expect(await processed(unknownType.id)).toBe(0);

    const nobody = stripeEvent(
      'customer.subscription.updated',
      stripeSubscription({ id: 'sub_nobody', customer: 'cus_nobody', status: 'active', quantity: 9 }),
    );
    expect((await deliver(nobody)).body).toEqual({ received: true, outcome: 'unmatched' });
    expect(await subscriptionRow('sub_nobody')).toBeUndefined();
  });

  it('refuses a signed payload it cannot read with 400, and records nothing', async () => {
    const broken = stripeEvent('customer.subscription.updated', { id: 'sub_broken', object: 'subscription' });
    const response = await deliver(broken);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: BillingMessages.webhookPayloadInvalid });
    expect(await processed(broken.id)).toBe(0);
  });

  it('answers 503 when no signing secret is configured', async () => {
    const unconfigured = await billing.startApp({ STRIPE_WEBHOOK_SECRET: '' });
    const response = await deliver(stripeEvent('invoice.paid', { id: 'in_2' }), { app: unconfigured });
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ error: BillingMessages.webhookNotConfigured });
  });
});
