import 'reflect-metadata';
import { ChildMessages } from '@aba/contracts/api';
import { Subjects } from '@aba/contracts/events';
import { createChild, startTherapy, type TestUser, type TherapyHarness } from '../testing/therapy-harness.js';

const DAY_SECONDS = 86_400;

/**
 * Issue 12 (security 3 and 6): adding helpers e-mails invites to unknown addresses, so additions are limited per day
 * (20 per child, 50 per user by default), whether the address has an account or not; and a pending invitation that is
 * removed is announced, so identity ends its e-mailed link.
 */
describe('helper additions: daily limits and withdrawn invitations', () => {
  let therapy: TherapyHarness;

  beforeAll(async () => {
    therapy = await startTherapy();
  });

  afterAll(() => therapy.close());

  const add = async (user: TestUser, childId: string, email: string) =>
    therapy
      .http()
      .post(`/api/child/${childId}/helper/add`)
      .set(await therapy.headers(user))
      .send({ email, access_type: 'THERAPIST' });

  it('lets a child receive 20 helpers a day, registered or invited, then answers 429 with Retry-After', async () => {
    const owner = await therapy.registerUser();
    const childId = await createChild(therapy, owner);
    const registered = await Promise.all([1, 2, 3].map(() => therapy.registerUser({ role: 'THERAPIST' })));
    for (let i = 0; i < 20; i++) {
      const email = i < registered.length ? registered[i].email : `invitat.${i}.${childId}@example.com`;
      expect((await add(owner, childId, email)).status).toBe(201);
    }
    const extraRegistered = await therapy.registerUser({ role: 'THERAPIST' });
    for (const email of [`invitat.extra.${childId}@example.com`, extraRegistered.email]) {
      const refused = await add(owner, childId, email);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ error: ChildMessages.tooManyHelperAdditions });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(DAY_SECONDS - 120);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(DAY_SECONDS);
    }
    const helpers = await therapy
      .http()
      .get(`/api/child/${childId}/helpers?access_type=THERAPIST`)
      .set(await therapy.headers(owner));
    expect(helpers.body.helpers).toHaveLength(20);

    // Another child of the same owner is not affected; and a day later the child can receive helpers again.
    expect(
      (await add(owner, await createChild(therapy, owner), `alt.copil.${childId}@example.com`)).status,
    ).toBe(201);
    await therapy.sql(
      `update "therapy"."helper_addition" set "added_at" = "added_at" - interval '25 hours' where "child_id" = ?`,
      [childId],
    );
    expect((await add(owner, childId, `a.doua.zi.${childId}@example.com`)).status).toBe(201);
  });

  it('lets one user add 50 helpers a day across children, then answers 429', async () => {
    const coordinator = await therapy.registerUser({ role: 'COORDINATOR' });
    const children = await Promise.all([1, 2, 3].map(() => createChild(therapy, coordinator)));
    for (let i = 0; i < 50; i++) {
      const response = await add(coordinator, children[i % 3], `echipa.${i}.${coordinator.id}@example.com`);
      expect(response.status).toBe(201);
    }
    const fourth = await createChild(therapy, coordinator);
    const refused = await add(coordinator, fourth, `prea.mult.${coordinator.id}@example.com`);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: ChildMessages.tooManyHelperAdditions });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(DAY_SECONDS - 120);
  });

  it('announces a removed pending invitation as withdrawn, so its link ends', async () => {
    const owner = await therapy.registerUser();
    const childId = await createChild(therapy, owner);
    const added = await add(owner, childId, 'Retras.Invitat@Example.com');
    expect(added.body.helper.status).toBe('PENDING');
    await therapy
      .http()
      .post(`/api/child/${childId}/helper/${added.body.helper.id}/delete`)
      .set(await therapy.headers(owner))
      .expect(200);
    const withdrawn = await therapy.published(
      Subjects.HelperInviteWithdrawnV1,
      (data) => data.childId === childId,
    );
    expect(withdrawn.data).toEqual({ childId, email: 'retras.invitat@example.com' });
  });
});
