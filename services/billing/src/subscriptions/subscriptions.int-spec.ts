import 'reflect-metadata';
import {
  BillingMessages,
  subscriptionListResponseSchema,
  subscriptionResponseSchema,
} from '@aba/contracts/api';
import { admin, startBilling, type BillingHarness } from '../testing/billing-harness.js';

describe('admin subscriptions (/api/subscription/*)', () => {
  let billing: BillingHarness;

  beforeAll(async () => {
    billing = await startBilling();
  });

  afterAll(async () => {
    await billing.close();
  });

  const post = async (path: string, body: unknown, who = admin) =>
    billing
      .http()
      .post(path)
      .set(await billing.headers(who))
      .send(body as object);

  it('creates a subscription for a user found by e-mail, lists it with the user name, and changes its status', async () => {
    const parent = await billing.user();
    const created = await post('/api/subscription/create', {
      user_email: `  ${parent.email.toUpperCase()} `,
      quantity: '3',
      stripe_id: 'sub_admin_1',
    }).then((response) => response);
    expect(created.status).toBe(201);
    const { subscription } = subscriptionResponseSchema.parse(created.body);
    expect(subscription).toMatchObject({
      user_id: parent.id,
      user_first_name: parent.firstName,
      user_last_name: parent.lastName,
      quantity: 3,
      status: 'active',
      stripe_id: 'sub_admin_1',
    });
    expect(subscription.created).toBe(subscription.last_update);

    const list = await billing
      .http()
      .get('/api/subscription/list')
      .set(await billing.headers(admin))
      .expect(200);
    const { subscriptions } = subscriptionListResponseSchema.parse(list.body);
    expect(subscriptions.find((entry) => entry.id === subscription.id)).toEqual(subscription);

    const paused = await post('/api/subscription/update-status', {
      subscription_id: subscription.id,
      status: 'paused',
    });
    expect(paused.status).toBe(200);
    expect(paused.body.subscription).toMatchObject({ id: subscription.id, status: 'paused' });
    expect(Date.parse(paused.body.subscription.last_update)).toBeGreaterThanOrEqual(
      Date.parse(subscription.last_update),
    );

    const canceled = await post('/api/subscription/update-status', {
      subscription_id: subscription.id,
      status: 'canceled',
    });
    expect(canceled.body.subscription.status).toBe('canceled');
    const active = await post('/api/subscription/update-status', {
      subscription_id: subscription.id,
      status: 'active',
    });
    expect(active.body.subscription.status).toBe('active');
  });

  it('lets a user hold several subscriptions whose licences add up', async () => {
    const parent = await billing.user();
    await billing.subscription(parent, 2);
    await billing.subscription(parent, 3, 'cus_admin_customer');
    const data = await billing
      .http()
      .get('/api/user/subscription-data')
      .set(await billing.headers(parent.identity))
      .expect(200);
    expect(data.body).toEqual({
      total: 5,
      subscriptions_in_use: [],
      online_payment: { manage: false, add_licenses: false },
      owned_children: [],
      helps_other_children: false,
    });
    const list = await billing
      .http()
      .get('/api/subscription/list')
      .set(await billing.headers(admin))
      .expect(200);
    const own = (list.body.subscriptions as { user_id: string; stripe_id: string | null }[]).filter(
      (entry) => entry.user_id === parent.id,
    );
    expect(own.map((entry) => entry.stripe_id).sort()).toEqual(['cus_admin_customer', null].sort());
  });

  it('answers 404 with a clear message for an unknown e-mail', async () => {
    const response = await post('/api/subscription/create', {
      user_email: 'nobody@example.com',
      quantity: 1,
    });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: BillingMessages.userNotFound });
  });

  it.each([[0], [-2], [1.5], ['many'], [null]])('refuses quantity %p with 400', async (quantity) => {
    const parent = await billing.user();
    const response = await post('/api/subscription/create', { user_email: parent.email, quantity });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: BillingMessages.quantityInvalid });
  });

  it('refuses an empty body and a Stripe id another subscription has', async () => {
    expect((await post('/api/subscription/create', {})).body).toEqual({
      error: BillingMessages.emailRequired,
    });
    const parent = await billing.user();
    await billing.subscription(parent, 1, 'sub_taken');
    const again = await post('/api/subscription/create', {
      user_email: parent.email,
      quantity: 1,
      stripe_id: 'sub_taken',
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: BillingMessages.stripeIdTaken });
  });

  it('refuses a bad status naming the allowed ones, and an unknown or malformed subscription id', async () => {
    const parent = await billing.user();
    const id = await billing.subscription(parent, 1);
    const bad = await post('/api/subscription/update-status', { subscription_id: id, status: 'expired' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: 'Status must be one of: active, canceled, paused' });

    const unknown = await post('/api/subscription/update-status', {
      subscription_id: '00000000-0000-4000-8000-000000000000',
      status: 'paused',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: BillingMessages.subscriptionNotFound });

    const malformed = await post('/api/subscription/update-status', {
      subscription_id: 'x',
      status: 'paused',
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ error: BillingMessages.subscriptionIdInvalid });
  });

  it('is for platform ADMINs only: 403 for anyone else, 401 without a token', async () => {
    const parent = await billing.user();
    const coordinator = await billing.user('COORDINATOR');
    for (const who of [parent.identity, coordinator.identity]) {
      const headers = await billing.headers(who);
      const list = await billing.http().get('/api/subscription/list').set(headers);
      expect(list.status).toBe(403);
      expect(list.body).toEqual({ error: BillingMessages.adminOnly });
      const create = await billing
        .http()
        .post('/api/subscription/create')
        .set(headers)
        .send({ user_email: parent.email, quantity: 5 });
      expect(create.status).toBe(403);
      const update = await billing
        .http()
        .post('/api/subscription/update-status')
        .set(headers)
        .send({ subscription_id: '00000000-0000-4000-8000-000000000000', status: 'active' });
      expect(update.status).toBe(403);
    }
    expect((await billing.http().get('/api/subscription/list')).status).toBe(401);
    expect(
      await billing.sql('select 1 from billing.subscription where user_id = ?', [parent.id]),
    ).toHaveLength(0);
  });
});
