import 'reflect-metadata';
import { ACCOUNT_DELETION_PATH, accountChildrenSchema, CONSENT_VERSION } from '@aba/contracts/api';
import { Subjects } from '@aba/contracts/events';
import { eventually, textHits } from '@aba/server-kit/testing';
import { plansClient } from '../testing/plans-client.js';
import {
  addHelper,
  createChild,
  startTherapy,
  type TestUser,
  type TherapyHarness,
} from '../testing/therapy-harness.js';

describe('an account deleted, in therapy (issue 17, ADR 0050)', () => {
  let therapy: TherapyHarness;
  let api: ReturnType<typeof plansClient>;
  let leaving: TestUser;
  let family: TestUser;

  beforeAll(async () => {
    therapy = await startTherapy();
    api = plansClient(therapy);
    leaving = await therapy.registerUser({ firstName: 'Oana', lastName: 'Plecată' });
    family = await therapy.registerUser({ firstName: 'Rămâne', lastName: 'Familia' });
  });

  afterAll(() => therapy.close());

  const forgotten = (user: TestUser) =>
    eventually(
      async () =>
        (await therapy.sql('select 1 from "therapy"."directory_user" where "id" = ?', [user.id])).length ===
        0,
    );

  it("erases the children the user owns, ends their places on other teams, forgets their name and address, and keeps what they recorded on other families' children", async () => {
    const own = await createChild(therapy, leaving, {
      first_name: 'Zamfira',
      last_name: 'Plecatovici',
      consent_version: CONSENT_VERSION,
    });
    const ownSubPlan = await api.createPlan(leaving, own, 'sub-plan', 'Imitație');
    await api.evaluate(leaving, await api.createItem(leaving, ownSubPlan, 'Bate din palme'), 'YES');
    await addHelper(therapy, leaving, own, family.email, 'ADMIN');

    const helped = await createChild(therapy, family, { first_name: 'Bogdan', last_name: 'Familia' });
    await addHelper(therapy, family, helped, leaving.email, 'THERAPIST');
    const helpedItem = await api.createItem(
      family,
      await api.createPlan(family, helped, 'sub-plan', 'Motricitate'),
      'Prinde mingea',
    );
    const recorded = await api.evaluate(leaving, helpedItem, 'NO');

    await therapy.identity.publish(Subjects.UserDeletedV1, { userId: leaving.id });
    await forgotten(leaving);

    expect(await therapy.sql('select 1 from "therapy"."child" where "id" = ?', [own])).toEqual([]);
    expect((await api.get(family, `/api/child/${own}`)).status).toBe(404);
    expect((await api.get(leaving, `/api/child/${helped}`)).status).toBe(403);
    const helpers = await api.get(family, `/api/child/${helped}/helpers?access_type=THERAPIST`);
    expect(helpers.body.helpers).toEqual([]);
    const history = await api.get(family, `/api/sub-plan-item/${helpedItem}/evaluations`);
    expect(history.status).toBe(200);
    expect(JSON.stringify(history.body)).toContain(recorded);

    await therapy.published(Subjects.ChildDeletedV1, (event) => event.childId === own);
    await therapy.published(
      Subjects.ChildAccessRevokedV1,
      (event) => event.childId === helped && event.userId === leaving.id,
    );
    const trail = await api.get(family, `/api/child/${helped}/audit?kind=HELPER_REMOVED`);
    expect(trail.body.entries).toEqual([
      expect.objectContaining({ actor: { id: leaving.id, name: null }, before: null, after: null }),
    ]);
    const added = await api.get(family, `/api/child/${helped}/audit?kind=HELPER_ADDED`);
    expect(added.body.entries).toEqual([expect.objectContaining({ before: null, after: null })]);

    const needles = [leaving.email, 'Oana', 'Plecată', 'Zamfira', 'Plecatovici'];
    expect(await textHits(therapy.sql, ['therapy'], needles, ['therapy.outbox_event'])).toEqual([]);
    expect(await textHits(therapy.sql, ['therapy'], ['Rămâne', 'Bogdan'])).not.toEqual([]);
  });

  it('tells identity, before, which children the user owns (with a hand-over waiting) and coordinates', async () => {
    const parent = await therapy.registerUser({ firstName: 'Ilie' });
    const coordinator = await therapy.registerUser({ firstName: 'Corina', role: 'THERAPIST' });
    const kept = await createChild(therapy, parent);
    const offered = await createChild(therapy, parent);
    const handedOver = await createChild(therapy, parent);
    for (const childId of [offered, handedOver])
      await addHelper(therapy, parent, childId, coordinator.email, 'ADMIN');
    await api.post(parent, `/api/child/${offered}/ownership/offer`, { to_user_id: coordinator.id });
    await api.post(parent, `/api/child/${handedOver}/ownership/offer`, { to_user_id: coordinator.id });
    expect((await api.post(coordinator, `/api/child/${handedOver}/ownership/accept`)).status).toBe(200);

    const stand = await api.get(parent, ACCOUNT_DELETION_PATH);
    expect(accountChildrenSchema.parse(stand.body)).toEqual({
      owned: [
        { child_id: kept, offered_to: null },
        { child_id: offered, offered_to: coordinator.id },
      ],
      coordinating: [{ child_id: handedOver, owner_id: coordinator.id }],
    });
    expect((await therapy.http().get(ACCOUNT_DELETION_PATH)).status).toBe(401);
  });

  it('is harmless for a user therapy never knew, and when handled again', async () => {
    const stranger = therapy.unknownUser();
    await therapy.identity.publish(Subjects.UserDeletedV1, { userId: stranger.id });
    const once = await therapy.registerUser({ firstName: 'Dublă', lastName: 'Ștergere' });
    await therapy.identity.publish(Subjects.UserDeletedV1, { userId: once.id });
    await therapy.identity.publish(Subjects.UserDeletedV1, { userId: once.id });
    await forgotten(once);
    const survivor = await createChild(therapy, family);
    expect((await api.get(family, `/api/child/${survivor}`)).status).toBe(200);
  });
});
