import 'reflect-metadata';
import { Subjects } from '@aba/contracts/events';
import { eventually } from '@aba/server-kit/testing';
import { startBilling, type BillingHarness } from '../testing/billing-harness.js';

/**
 * Billing's copy of therapy's children: a deleted child restored by its owner (ADR 0021), a child handed over to a
 * coordinator (ADR 0050).
 */
describe("directory: a child's owner", () => {
  let billing: BillingHarness;

  beforeAll(async () => {
    billing = await startBilling();
  });

  afterAll(() => billing.close());

  const summary = async (userId: string, role: 'PARENT' | 'THERAPIST' = 'PARENT') =>
    (
      await billing
        .http()
        .get('/api/user/subscription-data')
        .set(await billing.headers({ userId, role }))
        .expect(200)
    ).body;
  const addLicense = async (userId: string, childId: string) =>
    billing
      .http()
      .post('/api/child/add-license')
      .set(await billing.headers({ userId, role: 'PARENT' }))
      .send({ child_id: childId });

  it('comes back to its owner without a licence, which the owner can give it again', async () => {
    const parent = await billing.user();
    await billing.subscription(parent, 1);
    const childId = await billing.child(parent, { firstName: 'Sara', lastName: 'Marin' });
    const first = (await addLicense(parent.id, childId)).body.child_subscription_id as string;
    const child = { childId, ownerId: parent.id, firstName: 'Sara', lastName: 'Marin' };

    await billing.therapy.publish(Subjects.ChildDeletedV1, child);
    await billing.waitForLicenceEvent('revoked', first);
    expect((await summary(parent.id)).owned_children).toEqual([]);
    // Billing keeps no deleted child's names (issue 17), not even when its `created` comes late.
    const names = () =>
      billing.sql('select "first_name", "last_name" from "billing"."child" where "id" = ?', [childId]);
    expect(await names()).toEqual([{ first_name: '', last_name: '' }]);
    await billing.therapy.publish(Subjects.ChildCreatedV1, child);
    // Therapy's events are handled in their order: once a later one is, the late `created` was.
    await billing.grant(childId, await billing.user('THERAPIST'));
    expect(await names()).toEqual([{ first_name: '', last_name: '' }]);

    await billing.therapy.publish(Subjects.ChildRestoredV1, child);
    await eventually(async () => (await summary(parent.id)).owned_children.length === 1);
    const restored = await summary(parent.id);
    expect(restored.owned_children).toEqual([
      { child_id: childId, child_first_name: 'Sara', child_last_name: 'Marin', licence: 'none' },
    ]);
    expect(
      restored.subscriptions_in_use.filter((use: { status: string }) => use.status === 'active'),
    ).toEqual([]);

    const again = await addLicense(parent.id, childId);
    expect(again.status).toBe(201);
    expect(again.body.child_subscription_id).not.toBe(first);
  });

  it("handed over to a coordinator (ADR 0050), is listed as the new owner's child", async () => {
    const parent = await billing.user();
    const coordinator = await billing.user('THERAPIST');
    const childId = await billing.child(parent, { firstName: 'Toma', lastName: 'Rusu' });
    await billing.therapy.publish(Subjects.ChildUpdatedV1, {
      childId,
      ownerId: coordinator.id,
      firstName: 'Toma',
      lastName: 'Rusu',
    });
    await eventually(async () => (await summary(coordinator.id, 'THERAPIST')).owned_children.length === 1);
    expect((await summary(coordinator.id, 'THERAPIST')).owned_children).toEqual([
      { child_id: childId, child_first_name: 'Toma', child_last_name: 'Rusu', licence: 'none' },
    ]);
    expect((await summary(parent.id)).owned_children).toEqual([]);
  });

  it('is helped again once its team is granted again', async () => {
    const parent = await billing.user();
    const therapist = await billing.user('THERAPIST');
    const childId = await billing.child(parent);
    await billing.grant(childId, therapist);
    const child = { childId, ownerId: parent.id, firstName: 'Luca', lastName: 'Pop' };

    await billing.therapy.publish(Subjects.ChildDeletedV1, child);
    await eventually(async () => (await summary(therapist.id, 'THERAPIST')).helps_other_children === false);

    await billing.therapy.publish(Subjects.ChildRestoredV1, child);
    await billing.grant(childId, therapist);
    expect((await summary(therapist.id, 'THERAPIST')).helps_other_children).toBe(true);
  });
});

/** Billing's copy of identity's users: the names an administrator sees follow the user's account (issue 17). */
describe('directory: a user who changes their names', () => {
  let billing: BillingHarness;

  beforeAll(async () => {
    billing = await startBilling();
  });

  afterAll(() => billing.close());

  it("is listed with the new names on the administrator's subscriptions", async () => {
    const parent = await billing.user();
    await billing.subscription(parent, 2);
    await billing.identity.publish(Subjects.UserUpdatedV1, {
      userId: parent.id,
      email: parent.email,
      firstName: 'Ioana',
      lastName: 'Rădulescu',
      role: 'PARENT',
    });
    const admin = { userId: (await billing.user('ADMIN')).id, role: 'ADMIN' as const };
    const listed = await eventually(async () => {
      const { subscriptions } = (
        await billing
          .http()
          .get('/api/subscription/list')
          .set(await billing.headers(admin))
          .expect(200)
      ).body as { subscriptions: { user_id: string; user_first_name: string; user_last_name: string }[] };
      const own = subscriptions.find((subscription) => subscription.user_id === parent.id);
      return own?.user_first_name === 'Ioana' ? own : null;
    });
    expect(listed).toMatchObject({ user_first_name: 'Ioana', user_last_name: 'Rădulescu' });
  });
});
