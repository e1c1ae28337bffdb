import 'reflect-metadata';
import { ACCOUNT_EXPORT_PART_PATH, exportPartSchema, type ExportPart } from '@aba/contracts/api';
import { exportCoverageGaps, SCHEMA_TABLES_SQL } from '@aba/server-kit/testing';
import { startBilling, type BillingHarness, type TestUser } from '../testing/billing-harness.js';
import { BILLING_EXPORT_COVERAGE } from './account-export.service.js';

/** Billing's part of "Download my data" (issue 17): every row it holds about the caller, nobody else's. */
describe(`billing's part of a data export (GET ${ACCOUNT_EXPORT_PART_PATH})`, () => {
  let billing: BillingHarness;

  beforeAll(async () => {
    billing = await startBilling();
  });

  afterAll(() => billing.close());

  const addLicense = async (who: TestUser, childId: string) =>
    (
      await billing
        .http()
        .post('/api/child/add-license')
        .set(await billing.headers(who.identity))
        .send({ child_id: childId })
        .expect(201)
    ).body.child_subscription_id as string;
  const exportOf = async (who: TestUser): Promise<ExportPart> =>
    exportPartSchema.parse(
      (
        await billing
          .http()
          .get(ACCOUNT_EXPORT_PART_PATH)
          .set(await billing.headers(who.identity))
          .expect(200)
      ).body,
    );
  const rowsOf = (part: ExportPart, name: string) =>
    part.tables.find((table) => table.name === name)?.rows ?? [];

  it("answers the caller's subscriptions, licences, children and account, every table covered, nobody else's rows", async () => {
    const parent = await billing.user();
    const therapist = await billing.user('THERAPIST');
    const subscriptionId = await billing.subscription(parent, 3, 'cus_export_parent');
    const therapistSubscriptionId = await billing.subscription(therapist, 1, 'sub_export_therapist');
    const licensed = await billing.child(parent, { firstName: 'Ana', lastName: 'Pop' });
    const removed = await billing.child(parent, { firstName: 'Dan', lastName: 'Pop' });
    const helped = await billing.child(parent, { firstName: 'Ion', lastName: 'Pop' });
    await billing.grant(helped, therapist);
    const licenceId = await addLicense(parent, licensed);
    const removedId = await addLicense(parent, removed);
    await billing
      .http()
      .post('/api/child/remove-license')
      .set(await billing.headers(parent.identity))
      .send({ child_subscription_id: removedId })
      .expect(200);
    const therapistLicenceId = await addLicense(therapist, helped);

    // Someone else: none of this may appear in the parent's part.
    const other = await billing.user();
    const otherSubscriptionId = await billing.subscription(other, 2, 'sub_export_other');
    const otherChild = await billing.child(other, { firstName: 'Zamfira', lastName: 'Străinu' });
    const otherLicenceId = await addLicense(other, otherChild);

    const part = await exportOf(parent);
    expect(part.service).toBe('billing');
    const tables = (await billing.sql<{ name: string }>(SCHEMA_TABLES_SQL, ['billing'])).map(
      (table) => table.name,
    );
    expect(exportCoverageGaps(tables, BILLING_EXPORT_COVERAGE, part)).toEqual({
      unlisted: [],
      stale: [],
      missing: [],
    });
    for (const table of part.tables) {
      expect(table.description).toMatch(/\.$/);
      for (const row of table.rows) expect(Object.keys(row)).toEqual(table.columns);
    }

    expect(rowsOf(part, 'account')).toEqual([
      { id: parent.id, email: parent.email, first_name: parent.firstName, last_name: parent.lastName },
    ]);
    expect(rowsOf(part, 'subscriptions')).toEqual([
      expect.objectContaining({
        id: subscriptionId,
        quantity: 3,
        status: 'active',
        stripe_customer_id: 'cus_export_parent',
        stripe_subscription_id: null,
      }),
    ]);
    const licences = rowsOf(part, 'licences');
    expect(licences).toHaveLength(3);
    expect(licences).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: licenceId,
          subscription_id: subscriptionId,
          of_your_subscription: true,
          child_id: licensed,
          status: 'active',
          assigned_by_you: true,
          revoked_at: null,
        }),
        expect.objectContaining({
          id: removedId,
          child_id: removed,
          status: 'inactive',
          revoked_reason: 'removed',
        }),
        // The therapist's licence on the parent's child: the child's history, not the therapist's subscription.
        expect.objectContaining({
          id: therapistLicenceId,
          subscription_id: null,
          of_your_subscription: false,
          child_id: helped,
          assigned_by_you: false,
        }),
      ]),
    );
    const removedRow = licences.find((row) => row.id === removedId)!;
    expect(Date.parse(String(removedRow.revoked_at))).toBeGreaterThanOrEqual(
      Date.parse(String(removedRow.assigned_at)),
    );
    expect(rowsOf(part, 'children')).toEqual([
      { id: licensed, first_name: 'Ana', last_name: 'Pop', deleted: false },
      { id: removed, first_name: 'Dan', last_name: 'Pop', deleted: false },
      { id: helped, first_name: 'Ion', last_name: 'Pop', deleted: false },
    ]);
    expect(rowsOf(part, 'child_access')).toEqual([
      { child_id: helped, user_id: therapist.id, access_type: 'THERAPIST' },
    ]);

    const json = JSON.stringify(part);
    for (const foreign of [
      other.id,
      other.email,
      other.firstName,
      other.lastName,
      otherSubscriptionId,
      'sub_export_other',
      otherChild,
      'Zamfira',
      otherLicenceId,
      therapistSubscriptionId,
      'sub_export_therapist',
      therapist.email,
    ]) {
      expect(json).not.toContain(foreign);
    }
  });

  it('answers a helper the children they help and the licences they gave, without the owner', async () => {
    const owner = await billing.user();
    const therapist = await billing.user('THERAPIST');
    const childId = await billing.child(owner, { firstName: 'Maria', lastName: 'Ene' });
    await billing.grant(childId, therapist);
    await billing.subscription(therapist, 1);
    const licenceId = await addLicense(therapist, childId);

    const part = await exportOf(therapist);
    expect(rowsOf(part, 'child_access')).toEqual([
      { child_id: childId, user_id: therapist.id, access_type: 'THERAPIST' },
    ]);
    expect(rowsOf(part, 'licences')).toEqual([
      expect.objectContaining({ id: licenceId, child_id: childId, of_your_subscription: true }),
    ]);
    expect(rowsOf(part, 'children')).toEqual([]);
    const json = JSON.stringify(part);
    for (const foreign of [owner.id, owner.email, 'Maria']) expect(json).not.toContain(foreign);
  });

  it('answers 401 without a token', async () => {
    await billing.http().get(ACCOUNT_EXPORT_PART_PATH).expect(401);
  });
});
