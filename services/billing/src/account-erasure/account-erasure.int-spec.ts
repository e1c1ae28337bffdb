import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { Subjects, type Subject } from '@aba/contracts/events';
import { eventually, textHits } from '@aba/server-kit/testing';
import { startFakeStripe, type FakeStripe } from '../testing/fake-stripe.js';
import { startBilling, type BillingHarness, type TestUser } from '../testing/billing-harness.js';

/**
 * Billing's part of an account erasure (`identity.user.deleted.v1`, issue 17, ADR 0049). Stripe's servers are
 * unreachable from this machine, so, as in the billing-links spec, billing runs with STRIPE_SECRET_KEY and its real
 * SDK pointed (STRIPE_API_BASE) at the local fake of the Stripe endpoints it calls, which holds the Stripe
 * subscriptions each test gives it and records what the SDK sent.
 */
/** Matches a uuid column against a list of ids given as one parameter, joined by commas. */
const ANY_ID = "any(string_to_array(?, ',')::uuid[])";

describe('an account deleted, in billing (identity.user.deleted.v1)', () => {
  let billing: BillingHarness;
  let fake: FakeStripe;

  beforeAll(async () => {
    fake = await startFakeStripe();
    billing = await startBilling({
      STRIPE_SECRET_KEY: 'sk_test_fake_key',
      STRIPE_WEBHOOK_SECRET: 'whsec_fake',
      STRIPE_API_BASE: fake.url,
    });
  });

  afterAll(async () => {
    await billing.close();
    await fake.close();
  });

  /** How many events of this subject billing has handled (its inbox: a failed handling leaves no row). */
  const handled = async (subject: Subject) =>
    (
      await billing.sql<{ handled: number }>(
        'select count(*)::int as "handled" from billing.inbox_event where subject = ?',
        [subject],
      )
    )[0].handled;
  /** Publishes the event as identity does and waits until billing has handled it. */
  const publishAndWait = async (publish: () => Promise<void>, subject: Subject) => {
    const before = await handled(subject);
    await publish();
    await eventually(async () => (await handled(subject)) > before);
  };
  const erase = (userId: string) =>
    publishAndWait(
      () => billing.identity.publish(Subjects.UserDeletedV1, { userId }),
      Subjects.UserDeletedV1,
    );
  /** A user billing knows, renamed so that their names are found nowhere else by a text search. */
  const userNamed = async (firstName: string, lastName: string): Promise<TestUser> => {
    const user = await billing.user();
    const renamed = { ...user, firstName, lastName };
    await publishAndWait(
      () =>
        billing.identity.publish(Subjects.UserUpdatedV1, {
          userId: user.id,
          email: user.email,
          firstName,
          lastName,
          role: 'PARENT',
        }),
      Subjects.UserUpdatedV1,
    );
    return renamed;
  };
  const addLicense = async (who: TestUser, childId: string) =>
    (
      await billing
        .http()
        .post('/api/child/add-license')
        .set(await billing.headers(who.identity))
        .send({ child_id: childId })
        .expect(201)
    ).body.child_subscription_id as string;
  const revokedEvents = async (licenceId: string) =>
    (await billing.billingEvents()).filter(
      (event) => event.type === Subjects.LicenseRevokedV1 && event.data.childSubscriptionId === licenceId,
    );
  /** Waits until the relay has published every event billing committed. */
  const relayed = () =>
    eventually(
      async () =>
        (await billing.sql('select 1 from billing.outbox_event where published_at is null')).length === 0,
    );
  /** The user's rows that an erasure changes, to compare before and after a second one. */
  const rowsOf = async (user: TestUser, children: string[]) => ({
    user: await billing.sql('select * from billing.billing_user where id = ?', [user.id]),
    subscriptions: await billing.sql(
      'select id, status, quantity, last_update from billing.subscription where user_id = ? order by id',
      [user.id],
    ),
    licences: await billing.sql(
      `select * from billing.child_subscription where child_id = ${ANY_ID} order by id`,
      [children.join(',')],
    ),
    children: await billing.sql(`select * from billing.child where id = ${ANY_ID} order by id`, [
      children.join(','),
    ]),
    access: await billing.sql(
      `select * from billing.child_access where user_id = ? or child_id = ${ANY_ID} order by child_id`,
      [user.id, children.join(',')],
    ),
  });

  it('cancels their subscriptions at Stripe and here, frees and announces every licence of them, forgets them and their children, leaves the others be, and changes nothing more when handled again', async () => {
    const leaving = await userNamed('Oana-Erasma', 'Plecatovici');
    const other = await userNamed('Rămâne', 'Familiescu');
    // Known to billing by its Stripe subscription id, and by a Stripe customer only (an admin typed `cus_…`): the
    // customer's subscriptions billing never saw are canceled too; an already canceled one is left alone.
    const known = await billing.subscription(leaving, 2, 'sub_erased_known');
    const byCustomer = await billing.subscription(leaving, 1, 'cus_erased_only');
    const otherSubscription = await billing.subscription(other, 1, 'sub_other_kept');
    for (const subscription of [
      { id: 'sub_erased_known', customer: 'cus_erased', status: 'active' },
      { id: 'sub_erased_unseen', customer: 'cus_erased_only', status: 'past_due' },
      { id: 'sub_erased_long_ago', customer: 'cus_erased_only', status: 'canceled' },
      { id: 'sub_other_kept', customer: 'cus_other', status: 'active' },
    ]) {
      fake.subscriptions.set(subscription.id, subscription);
    }
    const first = await billing.child(leaving, { firstName: 'Zamfira', lastName: 'Plecatovici' });
    const second = await billing.child(leaving, { firstName: 'Ilarie', lastName: 'Plecatovici' });
    const helped = await billing.child(other, { firstName: 'Bogdan', lastName: 'Familiescu' });
    await billing.grant(helped, leaving);
    const licences = [await addLicense(leaving, first), await addLicense(leaving, second)];
    const otherLicence = await addLicense(other, helped);
    const sentBefore = fake.requests.length;

    await erase(leaving.id);

    // Stripe: the known subscription and the customer's unseen one canceled through the SDK, nobody else's.
    const sent = fake.requests.slice(sentBefore);
    expect(sent.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /v1/subscriptions',
      'DELETE /v1/subscriptions/sub_erased_known',
      'DELETE /v1/subscriptions/sub_erased_unseen',
    ]);
    expect(sent[0].query).toMatchObject({ customer: 'cus_erased_only' });
    for (const request of sent) expect(request.authorization).toBe('Bearer sk_test_fake_key');
    expect(Object.fromEntries([...fake.subscriptions].map(([id, { status }]) => [id, status]))).toEqual({
      sub_erased_known: 'canceled',
      sub_erased_unseen: 'canceled',
      sub_erased_long_ago: 'canceled',
      sub_other_kept: 'active',
    });

    // Billing's rows: canceled, every licence freed and announced once, as any licence taken back is.
    expect(
      await billing.sql('select id, status from billing.subscription where user_id = ? order by created_at', [
        leaving.id,
      ]),
    ).toEqual([
      { id: known, status: 'canceled' },
      { id: byCustomer, status: 'canceled' },
    ]);
    expect(
      await billing.sql(
        `select id, status, revoked_reason from billing.child_subscription where id = ${ANY_ID} order by id`,
        [licences.join(',')],
      ),
    ).toEqual(
      [...licences].sort().map((id) => ({ id, status: 'inactive', revoked_reason: 'subscription_inactive' })),
    );
    for (const licence of licences) await billing.waitForLicenceEvent('revoked', licence);
    await relayed();
    for (const licence of licences) expect(await revokedEvents(licence)).toHaveLength(1);

    // Forgotten: their e-mail and names, their children's names, their places on teams.
    expect(await billing.sql('select * from billing.billing_user where id = ?', [leaving.id])).toEqual([
      { id: leaving.id, email: '', first_name: '', last_name: '', deleted: true },
    ]);
    expect(
      await billing.sql(
        `select first_name, last_name, deleted from billing.child where id = ${ANY_ID} order by id`,
        [[first, second].join(',')],
      ),
    ).toEqual([
      { first_name: '', last_name: '', deleted: true },
      { first_name: '', last_name: '', deleted: true },
    ]);
    expect(await billing.sql('select * from billing.child_access where user_id = ?', [leaving.id])).toEqual(
      [],
    );
    const needles = [leaving.email, leaving.firstName, leaving.lastName, 'Zamfira', 'Ilarie'];
    expect(await textHits(billing.sql, ['billing'], needles)).toEqual([]);

    // The other family: account, subscription, child and its licence as they were.
    const kept = await textHits(billing.sql, ['billing'], [other.email, 'Rămâne', 'Bogdan']);
    expect(kept.map((hit) => `${hit.table}.${hit.column}`)).toEqual([
      'billing.billing_user.email',
      'billing.billing_user.first_name',
      'billing.child.first_name',
    ]);
    expect(
      await billing.sql('select status from billing.subscription where id = ?', [otherSubscription]),
    ).toEqual([{ status: 'active' }]);
    const summary = (
      await billing
        .http()
        .get('/api/user/subscription-data')
        .set(await billing.headers(other.identity))
        .expect(200)
    ).body;
    expect(summary.owned_children).toEqual([
      { child_id: helped, child_first_name: 'Bogdan', child_last_name: 'Familiescu', licence: 'yours' },
    ]);
    expect(summary.subscriptions_in_use).toEqual([
      expect.objectContaining({ child_subscription_id: otherLicence, status: 'active' }),
    ]);

    // Handled again (a redelivery after a crash): Stripe answers "No such subscription" for the one it canceled, and
    // nothing changes or is announced again.
    const before = await rowsOf(leaving, [first, second, helped]);
    const sentAgain = fake.requests.length;
    await erase(leaving.id);
    expect(fake.requests.slice(sentAgain).map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /v1/subscriptions',
      'DELETE /v1/subscriptions/sub_erased_known',
    ]);
    expect(await rowsOf(leaving, [first, second, helped])).toEqual(before);
    await relayed();
    for (const licence of licences) expect(await revokedEvents(licence)).toHaveLength(1);
    expect(await revokedEvents(otherLicence)).toEqual([]);
  });

  it('keeps an erased user forgotten when an older update of their account is handled late', async () => {
    const leaving = await userNamed('Tardiv', 'Actualizatu');
    await erase(leaving.id);
    await publishAndWait(
      () =>
        billing.identity.publish(Subjects.UserUpdatedV1, {
          userId: leaving.id,
          email: leaving.email,
          firstName: leaving.firstName,
          lastName: leaving.lastName,
          role: 'PARENT',
        }),
      Subjects.UserUpdatedV1,
    );
    expect(await textHits(billing.sql, ['billing'], [leaving.email, 'Tardiv', 'Actualizatu'])).toEqual([]);
  });

  it('handles the erasure of a user billing never knew without calling Stripe', async () => {
    const stranger = randomUUID();
    const sentBefore = fake.requests.length;
    await erase(stranger);
    expect(fake.requests.length).toBe(sentBefore);
    expect(
      await billing.sql('select email, deleted from billing.billing_user where id = ?', [stranger]),
    ).toEqual([{ email: '', deleted: true }]);
  });
});
