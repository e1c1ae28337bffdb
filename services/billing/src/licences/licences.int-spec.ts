import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { BillingMessages, type InternalIdentity } from '@aba/contracts/api';
import { Subjects } from '@aba/contracts/events';
import { eventually } from '@aba/server-kit/testing';
import { admin, startBilling, type BillingHarness, type TestUser } from '../testing/billing-harness.js';

/** This harness has no Stripe key and no payment URLs: neither payment link leads anywhere. */
const NO_ONLINE_PAYMENT = { manage: false, add_licenses: false };

describe('licences per child (/api/child/add-license, remove-license, /api/user/subscription-data)', () => {
  let billing: BillingHarness;

  beforeAll(async () => {
    billing = await startBilling();
  });

  afterAll(async () => {
    await billing.close();
  });

  const addLicense = async (who: InternalIdentity, childId: unknown) =>
    billing
      .http()
      .post('/api/child/add-license')
      .set(await billing.headers(who))
      .send({ child_id: childId });
  const removeLicense = async (who: InternalIdentity, id: unknown) =>
    billing
      .http()
      .post('/api/child/remove-license')
      .set(await billing.headers(who))
      .send({ child_subscription_id: id });
  const summary = async (who: TestUser) =>
    (
      await billing
        .http()
        .get('/api/user/subscription-data')
        .set(await billing.headers(who.identity))
        .expect(200)
    ).body;
  const setStatus = async (subscriptionId: string, status: string) =>
    billing
      .http()
      .post('/api/subscription/update-status')
      .set(await billing.headers(admin))
      .send({ subscription_id: subscriptionId, status })
      .expect(200);
  const useStatus = async (id: string) =>
    (
      await billing.sql<{ status: string }>('select status from billing.child_subscription where id = ?', [
        id,
      ])
    )[0]?.status;

  it('gives a child of the caller a licence and announces billing.license.assigned.v1', async () => {
    const parent = await billing.user();
    const child = await billing.child(parent, { firstName: 'Matei', lastName: 'Pop' });
    await billing.subscription(parent, 2);

    const response = await addLicense(parent.identity, child);
    expect(response.status).toBe(201);
    const id = response.body.child_subscription_id as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    await billing.waitForLicenceEvent('assigned', id);
    const events = (await billing.billingEvents()).filter((event) => event.data.childSubscriptionId === id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: Subjects.LicenseAssignedV1,
      producer: 'billing',
      data: { childId: child, childSubscriptionId: id },
    });

    expect(await summary(parent)).toEqual({
      total: 2,
      subscriptions_in_use: [
        {
          child_subscription_id: id,
          child_id: child,
          child_first_name: 'Matei',
          child_last_name: 'Pop',
          status: 'active',
        },
      ],
      online_payment: NO_ONLINE_PAYMENT,
      owned_children: [{ child_id: child, child_first_name: 'Matei', child_last_name: 'Pop', licence: 'yours' }],
      helps_other_children: false,
    });
  });

  it('refuses with clear errors: unknown child 404, stranger 403, already licensed 409, malformed id 400', async () => {
    const parent = await billing.user();
    const stranger = await billing.user();
    const child = await billing.child(parent);
    await billing.subscription(parent, 5);
    await billing.subscription(stranger, 5);

    const unknown = await addLicense(parent.identity, randomUUID());
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: BillingMessages.childNotFound });

    const foreign = await addLicense(stranger.identity, child);
    expect(foreign.status).toBe(403);
    expect(foreign.body).toEqual({ error: BillingMessages.noChildAccess });

    // A platform ADMIN has no relation to the child either.
    expect((await addLicense(admin, child)).status).toBe(403);

    expect((await addLicense(parent.identity, child)).status).toBe(201);
    const twice = await addLicense(parent.identity, child);
    expect(twice.status).toBe(409);
    expect(twice.body).toEqual({ error: BillingMessages.childAlreadyLicensed });

    const malformed = await addLicense(parent.identity, 'not-an-id');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ error: BillingMessages.childIdInvalid });
    expect((await billing.http().post('/api/child/add-license').send({ child_id: child })).status).toBe(401);
  });

  it('refuses with 409 when there is no active subscription or every licence is in use', async () => {
    const parent = await billing.user();
    const [first, second] = [await billing.child(parent), await billing.child(parent)];

    const none = await addLicense(parent.identity, first);
    expect(none.status).toBe(409);
    expect(none.body).toEqual({ error: BillingMessages.noActiveSubscription });

    const paused = await billing.subscription(parent, 3);
    await setStatus(paused, 'paused');
    expect((await addLicense(parent.identity, first)).body).toEqual({
      error: BillingMessages.noActiveSubscription,
    });

    await billing.subscription(parent, 1);
    expect((await addLicense(parent.identity, first)).status).toBe(201);
    const full = await addLicense(parent.identity, second);
    expect(full.status).toBe(409);
    expect(full.body).toEqual({ error: BillingMessages.noFreeLicence });
  });

  it('lets a helper license the child from their own subscription, which only they may then remove', async () => {
    const parent = await billing.user();
    const therapist = await billing.user('THERAPIST');
    const child = await billing.child(parent);
    await billing.subscription(therapist, 1);
    expect((await addLicense(therapist.identity, child)).status).toBe(403);

    await billing.grant(child, therapist);
    const response = await addLicense(therapist.identity, child);
    expect(response.status).toBe(201);
    const id = response.body.child_subscription_id as string;
    expect((await summary(therapist)).subscriptions_in_use).toHaveLength(1);
    // The parent's own figures count only the parent's subscriptions; the child shows as licensed by another.
    expect(await summary(parent)).toEqual({
      total: 0,
      subscriptions_in_use: [],
      online_payment: NO_ONLINE_PAYMENT,
      owned_children: [expect.objectContaining({ child_id: child, licence: 'another' })],
      helps_other_children: false,
    });

    // The child's owner does not hold the therapist's subscription: refused, the licence stays.
    const byOwner = await removeLicense(parent.identity, id);
    expect(byOwner.status).toBe(403);
    expect(byOwner.body).toEqual({ error: BillingMessages.licenceNotYours });
    expect(await useStatus(id)).toBe('active');
    expect((await removeLicense(therapist.identity, id)).status).toBe(200);
    expect(await useStatus(id)).toBe('inactive');
  });

  it("refuses the child's therapist and coordinator the owner's licence (403) and keeps it active", async () => {
    const parent = await billing.user();
    const therapist = await billing.user('THERAPIST');
    const coordinator = await billing.user('COORDINATOR');
    const child = await billing.child(parent);
    await billing.grant(child, therapist, 'THERAPIST');
    await billing.grant(child, coordinator, 'ADMIN');
    await billing.subscription(parent, 1);
    const id = (await addLicense(parent.identity, child)).body.child_subscription_id as string;

    for (const helper of [therapist, coordinator]) {
      const refused = await removeLicense(helper.identity, id);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ error: BillingMessages.licenceNotYours });
    }
    expect(await useStatus(id)).toBe('active');
    const revoked = (await billing.billingEvents()).filter(
      (event) => event.type === Subjects.LicenseRevokedV1 && event.data.childSubscriptionId === id,
    );
    expect(revoked).toEqual([]);
    expect((await summary(parent)).subscriptions_in_use).toEqual([
      expect.objectContaining({ child_subscription_id: id, status: 'active' }),
    ]);
  });

  it("adds only from the caller's own subscriptions: a helper without one is refused, the owner's stay free", async () => {
    const parent = await billing.user();
    const coordinator = await billing.user('COORDINATOR');
    const child = await billing.child(parent);
    await billing.grant(child, coordinator, 'ADMIN');
    await billing.subscription(parent, 2);

    const refused = await addLicense(coordinator.identity, child);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: BillingMessages.noActiveSubscription });
    expect(
      await billing.sql("select 1 from billing.child_subscription where child_id = ? and status = 'active'", [
        child,
      ]),
    ).toEqual([]);
    expect(await summary(parent)).toEqual({
      total: 2,
      subscriptions_in_use: [],
      online_payment: NO_ONLINE_PAYMENT,
      owned_children: [expect.objectContaining({ child_id: child, licence: 'none' })],
      helps_other_children: false,
    });
  });

  it('gives the last free licence to exactly one of two simultaneous calls', async () => {
    const parent = await billing.user();
    await billing.subscription(parent, 2);
    const licensed = await billing.child(parent);
    expect((await addLicense(parent.identity, licensed)).status).toBe(201);

    for (let round = 0; round < 3; round++) {
      const [a, b] = [await billing.child(parent), await billing.child(parent)];
      const responses = await Promise.all([addLicense(parent.identity, a), addLicense(parent.identity, b)]);
      expect(responses.map((response) => response.status).sort()).toEqual([201, 409]);
      expect(responses.find((response) => response.status === 409)!.body).toEqual({
        error: BillingMessages.noFreeLicence,
      });
      const winner = responses.find((response) => response.status === 201)!.body
        .child_subscription_id as string;
      expect((await removeLicense(parent.identity, winner)).status).toBe(200);
    }
  });

  it('licenses a child once when its owner and a helper add a licence at the same moment', async () => {
    const parent = await billing.user();
    const coordinator = await billing.user('COORDINATOR');
    const child = await billing.child(parent);
    await billing.grant(child, coordinator, 'ADMIN');
    await billing.subscription(parent, 1);
    await billing.subscription(coordinator, 1);
    const responses = await Promise.all([
      addLicense(parent.identity, child),
      addLicense(coordinator.identity, child),
    ]);
    expect(responses.map((response) => response.status).sort()).toEqual([201, 409]);
    const active = await billing.sql(
      "select 1 from billing.child_subscription where child_id = ? and status = 'active'",
      [child],
    );
    expect(active).toHaveLength(1);
  });

  it.each(['paused', 'canceled'])(
    'takes back the licences of a %s subscription, announcing each, and gives nothing back on reactivation',
    async (status) => {
      const parent = await billing.user();
      const subscription = await billing.subscription(parent, 3);
      const children = [await billing.child(parent), await billing.child(parent)];
      const uses: string[] = [];
      for (const child of children)
        uses.push((await addLicense(parent.identity, child)).body.child_subscription_id);

      await setStatus(subscription, status);
      for (const id of uses) {
        expect(await useStatus(id)).toBe('inactive');
        await billing.waitForLicenceEvent('revoked', id);
      }
      const afterPause = await summary(parent);
      expect(afterPause.total).toBe(0);
      // The children lost their licence without anyone removing it: shown as inactive, to be licensed again.
      expect(afterPause.subscriptions_in_use.map((use: { status: string }) => use.status)).toEqual([
        'inactive',
        'inactive',
      ]);

      await setStatus(subscription, 'active');
      const afterReactivation = await summary(parent);
      expect(afterReactivation.total).toBe(3);
      expect(
        afterReactivation.subscriptions_in_use.every((use: { status: string }) => use.status === 'inactive'),
      ).toBe(true);
      expect((await addLicense(parent.identity, children[0])).status).toBe(201);
      const again = await summary(parent);
      expect(
        again.subscriptions_in_use.map((use: { child_id: string; status: string }) => [
          use.child_id,
          use.status,
        ]),
      ).toEqual([
        [children[0], 'active'],
        [children[1], 'inactive'],
      ]);
    },
  );

  it('frees the licence of a deleted child and announces it', async () => {
    const parent = await billing.user();
    await billing.subscription(parent, 1);
    const child = await billing.child(parent);
    const id = (await addLicense(parent.identity, child)).body.child_subscription_id as string;

    await billing.therapy.publish(Subjects.ChildDeletedV1, {
      childId: child,
      ownerId: parent.id,
      firstName: 'x',
      lastName: 'y',
    });
    await eventually(async () => (await useStatus(id)) === 'inactive');
    await billing.waitForLicenceEvent('revoked', id);
    // The deleted child is no longer listed at all.
    expect(await summary(parent)).toEqual({
      total: 1,
      subscriptions_in_use: [],
      online_payment: NO_ONLINE_PAYMENT,
      owned_children: [],
      helps_other_children: false,
    });
    // The freed licence can go to another child; the deleted one is gone.
    expect((await addLicense(parent.identity, await billing.child(parent))).status).toBe(201);
    expect((await addLicense(parent.identity, child)).status).toBe(404);
  });

  it('removes a licence: the holder may, a stranger may not; unknown 404; removing twice changes nothing', async () => {
    const parent = await billing.user();
    const stranger = await billing.user();
    await billing.subscription(parent, 1);
    const child = await billing.child(parent);
    const id = (await addLicense(parent.identity, child)).body.child_subscription_id as string;

    const foreign = await removeLicense(stranger.identity, id);
    expect(foreign.status).toBe(403);
    expect(foreign.body).toEqual({ error: BillingMessages.licenceNotYours });

    const unknown = await removeLicense(parent.identity, randomUUID());
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: BillingMessages.licenceNotFound });
    expect((await removeLicense(parent.identity, 'nope')).body).toEqual({
      error: BillingMessages.licenceIdInvalid,
    });

    const removed = await removeLicense(parent.identity, id);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ message: BillingMessages.licenceRemoved });
    await billing.waitForLicenceEvent('revoked', id);
    expect((await removeLicense(parent.identity, id)).status).toBe(200);
    const revoked = (await billing.billingEvents()).filter(
      (event) => event.type === Subjects.LicenseRevokedV1 && event.data.childSubscriptionId === id,
    );
    expect(revoked).toHaveLength(1);
    // A removed licence is not listed; the licence is free again, and the child can have it.
    expect(await summary(parent)).toEqual({
      total: 1,
      subscriptions_in_use: [],
      online_payment: NO_ONLINE_PAYMENT,
      owned_children: [expect.objectContaining({ child_id: child, licence: 'none' })],
      helps_other_children: false,
    });
    expect((await addLicense(parent.identity, child)).status).toBe(201);
  });

  it('reports the figures: total of active subscriptions and the licence uses', async () => {
    const parent = await billing.user();
    await billing.subscription(parent, 2);
    const b = await billing.subscription(parent, 1);
    await setStatus(b, 'canceled');
    const child = await billing.child(parent, { firstName: 'Ilinca', lastName: 'Pop' });
    const id = (await addLicense(parent.identity, child)).body.child_subscription_id;
    expect(await summary(parent)).toEqual({
      total: 2,
      subscriptions_in_use: [
        {
          child_subscription_id: id,
          child_id: child,
          child_first_name: 'Ilinca',
          child_last_name: 'Pop',
          status: 'active',
        },
      ],
      online_payment: NO_ONLINE_PAYMENT,
      owned_children: [{ child_id: child, child_first_name: 'Ilinca', child_last_name: 'Pop', licence: 'yours' }],
      helps_other_children: false,
    });
  });

  describe("only the children the caller owns are theirs to license (issue 13, point 5)", () => {
    it("shows a therapist none of the parent's children, licensed or not, and says that they help someone else's", async () => {
      const parent = await billing.user();
      const therapist = await billing.user('THERAPIST');
      await billing.subscription(parent, 1);
      const licensed = await billing.child(parent, { firstName: 'Andrei', lastName: 'Popescu' });
      const unlicensed = await billing.child(parent, { firstName: 'Bogdan', lastName: 'Popescu' });
      await billing.grant(licensed, therapist, 'THERAPIST');
      await billing.grant(unlicensed, therapist, 'THERAPIST');
      expect((await addLicense(parent.identity, licensed)).status).toBe(201);

      expect(await summary(therapist)).toEqual({
        total: 0,
        subscriptions_in_use: [],
        online_payment: NO_ONLINE_PAYMENT,
        owned_children: [],
        helps_other_children: true,
      });
      // The parent sees both, each with its state, by name; helping nobody.
      const parentView = await summary(parent);
      expect(parentView.owned_children).toEqual([
        { child_id: licensed, child_first_name: 'Andrei', child_last_name: 'Popescu', licence: 'yours' },
        { child_id: unlicensed, child_first_name: 'Bogdan', child_last_name: 'Popescu', licence: 'none' },
      ]);
      expect(parentView.helps_other_children).toBe(false);
    });

    it('lists a coordinator who is also a parent their own children, and says they help others too', async () => {
      const parent = await billing.user();
      const coordinator = await billing.user('COORDINATOR');
      const helped = await billing.child(parent);
      const own = await billing.child(coordinator, { firstName: 'Ema', lastName: 'Stan' });
      await billing.grant(helped, coordinator, 'ADMIN');
      const view = await summary(coordinator);
      expect(view.owned_children).toEqual([
        { child_id: own, child_first_name: 'Ema', child_last_name: 'Stan', licence: 'none' },
      ]);
      expect(view.helps_other_children).toBe(true);
    });

    it("no longer counts help once it is revoked, nor a deleted child's", async () => {
      const parent = await billing.user();
      const therapist = await billing.user('THERAPIST');
      const first = await billing.child(parent);
      const second = await billing.child(parent);
      await billing.grant(first, therapist, 'THERAPIST');
      await billing.grant(second, therapist, 'THERAPIST');
      expect((await summary(therapist)).helps_other_children).toBe(true);
      await billing.therapy.publish(Subjects.ChildAccessRevokedV1, {
        childId: first,
        userId: therapist.id,
        accessType: 'THERAPIST',
      });
      await billing.therapy.publish(Subjects.ChildDeletedV1, {
        childId: second,
        ownerId: parent.id,
        firstName: 'x',
        lastName: 'y',
      });
      await eventually(async () => (await summary(therapist)).helps_other_children === false);
      expect((await summary(parent)).owned_children).toEqual([expect.objectContaining({ child_id: first })]);
    });
  });
});
