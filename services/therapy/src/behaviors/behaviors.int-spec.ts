import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { BehaviorMessages, ChildMessages, ErrorMessages, type Behavior } from '@aba/contracts/api';
import {
  addHelper,
  createChild,
  startTherapy,
  type TestUser,
  type TherapyHarness,
} from '../testing/therapy-harness.js';

describe('behaviours: list, create, delete, read with tracking, log', () => {
  let therapy: TherapyHarness;
  let owner: TestUser;
  let coordinator: TestUser;
  let therapist: TestUser;
  let stranger: TestUser;
  let platformAdmin: TestUser;
  let childId: string;
  let otherChildId: string;

  beforeAll(async () => {
    therapy = await startTherapy();
    owner = await therapy.registerUser({ firstName: 'Ioana' });
    coordinator = await therapy.registerUser({ firstName: 'Cora', role: 'COORDINATOR' });
    therapist = await therapy.registerUser({ firstName: 'Tudor', role: 'THERAPIST' });
    stranger = await therapy.registerUser({ firstName: 'Sorin' });
    platformAdmin = await therapy.registerUser({ firstName: 'Ada', role: 'ADMIN' });
    childId = await createChild(therapy, owner);
    otherChildId = await createChild(therapy, owner, { first_name: 'Other' });
    await addHelper(therapy, owner, childId, coordinator.email, 'ADMIN');
    await addHelper(therapy, owner, childId, therapist.email, 'THERAPIST');
  });

  afterAll(() => therapy.close());

  const post = async (user: TestUser, path: string, body?: unknown) =>
    therapy
      .http()
      .post(path)
      .set(await therapy.headers(user))
      .send(body as object);
  const get = async (user: TestUser, path: string) =>
    therapy
      .http()
      .get(path)
      .set(await therapy.headers(user));

  async function createBehavior(name: string, child = childId, user = owner): Promise<Behavior> {
    const response = await post(user, `/api/child/${child}/behavior/create`, { name });
    expect(response.status).toBe(201);
    return response.body.behavior as Behavior;
  }

  describe('POST /api/child/{id}/behavior/create', () => {
    it('creates a behaviour with a trimmed name, for the owner and the coordinator', async () => {
      const response = await post(owner, `/api/child/${childId}/behavior/create`, { name: '  Hitting  ' });
      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        behavior: {
          id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          name: 'Hitting',
          description: '',
          child_id: childId,
        },
      });
      const byCoordinator = await post(coordinator, `/api/child/${childId}/behavior/create`, {
        name: 'Spitting',
        description: ' when tired ',
      });
      expect(byCoordinator.status).toBe(201);
      expect(byCoordinator.body.behavior).toMatchObject({ name: 'Spitting', description: 'when tired' });
    });

    it('refuses a name the child already has, whatever its case, with 409; another child may use it', async () => {
      await createBehavior('Screaming');
      for (const name of ['Screaming', 'screaming', '  SCREAMING ']) {
        const response = await post(owner, `/api/child/${childId}/behavior/create`, { name });
        expect([response.status, response.body]).toEqual([409, { error: BehaviorMessages.nameTaken }]);
      }
      await createBehavior('Screaming', otherChildId);
    });

    it('gives one of two concurrent creates of the same name a 409', async () => {
      const responses = await Promise.all(
        [1, 2, 3].map(() => post(owner, `/api/child/${childId}/behavior/create`, { name: 'Running away' })),
      );
      expect(responses.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    });

    it('creates many behaviours at once, more than the connection pool holds', async () => {
      const names = Array.from({ length: 60 }, (_, n) => `At once ${n}`);
      const responses = await Promise.all(
        names.map((name) => post(owner, `/api/child/${childId}/behavior/create`, { name })),
      );
      expect(responses.map((r) => r.status)).toEqual(names.map(() => 201));
    });

    it.each([
      ['no name', {}, BehaviorMessages.nameRequired],
      ['a blank name', { name: '   ' }, BehaviorMessages.nameRequired],
      ['a number', { name: 42 }, BehaviorMessages.nameRequired],
      ['an array', { name: ['a'] }, BehaviorMessages.nameRequired],
      ['a 101-character name', { name: 'x'.repeat(101) }, BehaviorMessages.nameTooLong],
      [
        'a 501-character description',
        { name: 'Ok', description: 'x'.repeat(501) },
        BehaviorMessages.descriptionTooLong,
      ],
    ])('refuses %s with 400', async (_name, body, message) => {
      const response = await post(owner, `/api/child/${childId}/behavior/create`, body);
      expect([response.status, response.body]).toEqual([400, { error: message }]);
    });

    it('refuses the therapist (403 not allowed), a stranger and a platform ADMIN (403 no access)', async () => {
      await post(therapist, `/api/child/${childId}/behavior/create`, { name: 'Kicking' }).then((r) =>
        expect([r.status, r.body]).toEqual([403, { error: ChildMessages.actionNotAllowed }]),
      );
      for (const user of [stranger, platformAdmin]) {
        await post(user, `/api/child/${childId}/behavior/create`, { name: 'Kicking' }).then((r) =>
          expect([r.status, r.body]).toEqual([403, { error: ChildMessages.noChildAccess }]),
        );
      }
      await post(owner, `/api/child/${randomUUID()}/behavior/create`, { name: 'Kicking' }).then((r) =>
        expect([r.status, r.body]).toEqual([404, { error: ChildMessages.childNotFound }]),
      );
    });
  });

  describe('GET /api/child/{id}/behavior/list', () => {
    it("lists the child's behaviours by name, to everyone on the team, and only that child's", async () => {
      const child = await createChild(therapy, owner);
      await addHelper(therapy, owner, child, therapist.email, 'THERAPIST');
      const zeta = await createBehavior('zeta', child);
      const alpha = await createBehavior('Alpha', child);
      const beta = await createBehavior('Ștefan', child);
      await createBehavior('Elsewhere', otherChildId);
      for (const user of [owner, therapist]) {
        const response = await get(user, `/api/child/${child}/behavior/list`);
        expect(response.status).toBe(200);
        expect(response.body).toEqual({ behaviors: [alpha, beta, zeta] });
      }
      await get(stranger, `/api/child/${child}/behavior/list`).then((r) =>
        expect([r.status, r.body]).toEqual([403, { error: ChildMessages.noChildAccess }]),
      );
    });

    it('is empty for a child without behaviours', async () => {
      const child = await createChild(therapy, owner);
      await get(owner, `/api/child/${child}/behavior/list`).then((r) =>
        expect([r.status, r.body]).toEqual([200, { behaviors: [] }]),
      );
    });

    it('with ?since= counts the occurrences logged from then on (the day a phone shows), ABC entries included', async () => {
      const child = await createChild(therapy, owner);
      await addHelper(therapy, owner, child, therapist.email, 'THERAPIST');
      const biting = await createBehavior('Biting', child);
      const rocking = await createBehavior('Rocking', child);
      for (let i = 0; i < 3; i++)
        expect((await post(therapist, `/api/behavior/${biting.id}/log`)).status).toBe(201);
      // One of them happened yesterday.
      await therapy.sql(
        `update "therapy"."behavior_tracking" set "date_logged" = now() - interval '1 day'
         where "id" = (select "id" from "therapy"."behavior_tracking" where "behavior_id" = ? limit 1)`,
        [biting.id],
      );
      const abc = await post(owner, `/api/child/${child}/behavior-abc/log`, {
        behavior_id: rocking.id,
        antecedent: 'a',
        consequence: 'b',
      });
      expect(abc.status).toBe(201);
      const since = new Date(Date.now() - 3600_000);
      // An offset other than Z names the same instant.
      const local = since.toISOString().replace('Z', '+00:00');
      for (const value of [since.toISOString(), local]) {
        const response = await get(
          therapist,
          `/api/child/${child}/behavior/list?since=${encodeURIComponent(value)}`,
        );
        expect([response.status, response.body]).toEqual([
          200,
          {
            behaviors: [
              { ...biting, occurrences_since: 2 },
              { ...rocking, occurrences_since: 1 },
            ],
          },
        ]);
      }
      const future = new Date(Date.now() + 3600_000).toISOString();
      const none = await get(owner, `/api/child/${child}/behavior/list?since=${future}`);
      expect(none.body.behaviors.map((b: { occurrences_since: number }) => b.occurrences_since)).toEqual([
        0, 0,
      ]);
      // Without it, the list is the spec's (no count).
      expect((await get(owner, `/api/child/${child}/behavior/list`)).body).toEqual({
        behaviors: [biting, rocking],
      });
    });

    it.each(['yesterday', '2026-11-25', '2026-13-01T00:00:00Z', ''])(
      'refuses ?since=%s with 400 naming it',
      async (value) => {
        const response = await get(
          owner,
          `/api/child/${childId}/behavior/list?since=${encodeURIComponent(value)}`,
        );
        expect([response.status, response.body]).toEqual([400, { error: BehaviorMessages.sinceInvalid }]);
      },
    );

    it('refuses ?since= given twice with 400', async () => {
      const at = new Date().toISOString();
      const response = await get(owner, `/api/child/${childId}/behavior/list?since=${at}&since=${at}`);
      expect([response.status, response.body]).toEqual([400, { error: BehaviorMessages.sinceInvalid }]);
    });
  });

  describe('POST /api/behavior/{id}/log and GET /api/behavior/{id}', () => {
    it('logs an occurrence now for anyone who may evaluate (therapists too), read back oldest first', async () => {
      const behavior = await createBehavior('Biting');
      const before = Date.now();
      const first = await post(therapist, `/api/behavior/${behavior.id}/log`);
      expect(first.status).toBe(201);
      expect(first.body).toEqual({
        message: BehaviorMessages.behaviorLogged,
        entry: { id: expect.any(String), behavior_id: behavior.id, date_logged: expect.any(String) },
      });
      const logged = Date.parse(first.body.entry.date_logged);
      expect(logged).toBeGreaterThanOrEqual(before - 1000);
      expect(logged).toBeLessThanOrEqual(Date.now() + 1000);
      await post(owner, `/api/behavior/${behavior.id}/log`).then((r) => expect(r.status).toBe(201));
      await post(coordinator, `/api/behavior/${behavior.id}/log`, { ignored: true }).then((r) =>
        expect(r.status).toBe(201),
      );

      for (const user of [owner, coordinator, therapist]) {
        const response = await get(user, `/api/behavior/${behavior.id}`);
        expect(response.status).toBe(200);
        expect(response.body.behavior).toEqual(behavior);
        const tracking = response.body.behavior_tracking as {
          id: string;
          behavior_id: string;
          date_logged: string;
        }[];
        expect(tracking).toHaveLength(3);
        expect(tracking[0]).toEqual(first.body.entry);
        const dates = tracking.map((entry) => entry.date_logged);
        expect([...dates].sort()).toEqual(dates);
        expect(tracking.every((entry) => entry.behavior_id === behavior.id)).toBe(true);
      }
    });

    it('answers a new behaviour with an empty tracking list', async () => {
      const behavior = await createBehavior('Pinching');
      await get(owner, `/api/behavior/${behavior.id}`).then((r) =>
        expect([r.status, r.body]).toEqual([200, { behavior, behavior_tracking: [] }]),
      );
    });

    it("lets the behaviour's child decide: strangers and platform ADMINs get 403 on someone else's behaviour", async () => {
      const behavior = await createBehavior('Throwing');
      for (const user of [stranger, platformAdmin]) {
        await get(user, `/api/behavior/${behavior.id}`).then((r) =>
          expect([r.status, r.body]).toEqual([403, { error: ChildMessages.noChildAccess }]),
        );
        await post(user, `/api/behavior/${behavior.id}/log`).then((r) =>
          expect([r.status, r.body]).toEqual([403, { error: ChildMessages.noChildAccess }]),
        );
      }
      // The therapist of this child is nobody to the other child.
      const elsewhere = await createBehavior('Elsewhere too', otherChildId);
      await post(therapist, `/api/behavior/${elsewhere.id}/log`).then((r) =>
        expect([r.status, r.body]).toEqual([403, { error: ChildMessages.noChildAccess }]),
      );
      const rows = await therapy.sql(
        'select * from "therapy"."behavior_tracking" where "behavior_id" in (?, ?)',
        [behavior.id, elsewhere.id],
      );
      expect(rows).toEqual([]);
    });

    it.each([
      ['an unknown id', randomUUID()],
      ['a malformed id', 'not-a-behavior'],
      ['an injection attempt', "1' or '1'='1"],
      ['a 3000-character id', 'x'.repeat(3000)],
    ])('answers %s with 404 Behavior does not exist', async (_name, id) => {
      const path = `/api/behavior/${encodeURIComponent(id)}`;
      await get(owner, path).then((r) =>
        expect([r.status, r.body]).toEqual([404, { error: BehaviorMessages.behaviorNotFound }]),
      );
      await post(owner, `${path}/log`).then((r) =>
        expect([r.status, r.body]).toEqual([404, { error: BehaviorMessages.behaviorNotFound }]),
      );
    });

    it('needs the gateway token', async () => {
      const behavior = await createBehavior('Token check');
      await therapy.http().get(`/api/behavior/${behavior.id}`).expect(401);
      await therapy.http().post(`/api/behavior/${behavior.id}/log`).expect(401);
    });
  });

  describe('POST /api/child/{id}/behavior/{behaviorId}/delete', () => {
    it('deletes the behaviour with its tracking and ABC entries (owner, coordinator)', async () => {
      for (const user of [owner, coordinator]) {
        const behavior = await createBehavior(`Delete me ${user.firstName}`);
        await post(therapist, `/api/behavior/${behavior.id}/log`).then((r) => expect(r.status).toBe(201));
        await post(therapist, `/api/child/${childId}/behavior-abc/log`, {
          behavior_id: behavior.id,
          antecedent: 'Demand placed',
          consequence: 'Something else',
        }).then((r) => expect(r.status).toBe(201));

        const response = await post(user, `/api/child/${childId}/behavior/${behavior.id}/delete`);
        expect([response.status, response.body]).toEqual([
          200,
          { message: BehaviorMessages.behaviorDeleted },
        ]);

        for (const table of ['behavior', 'behavior_tracking', 'behavior_abc']) {
          const column = table === 'behavior' ? 'id' : 'behavior_id';
          expect(
            await therapy.sql(`select 1 from "therapy"."${table}" where "${column}" = ?`, [behavior.id]),
          ).toEqual([]);
        }
        await get(owner, `/api/behavior/${behavior.id}`).then((r) => expect(r.status).toBe(404));
        await post(user, `/api/child/${childId}/behavior/${behavior.id}/delete`).then((r) =>
          expect([r.status, r.body]).toEqual([404, { error: BehaviorMessages.behaviorNotFound }]),
        );
        // the name is free again
        await createBehavior(`Delete me ${user.firstName}`);
      }
    });

    it("refuses the therapist, and never deletes another child's behaviour through this child", async () => {
      const behavior = await createBehavior('Keep me');
      await post(therapist, `/api/child/${childId}/behavior/${behavior.id}/delete`).then((r) =>
        expect([r.status, r.body]).toEqual([403, { error: ChildMessages.actionNotAllowed }]),
      );
      const elsewhere = await createBehavior('Keep me', otherChildId);
      await post(owner, `/api/child/${childId}/behavior/${elsewhere.id}/delete`).then((r) =>
        expect([r.status, r.body]).toEqual([404, { error: BehaviorMessages.behaviorNotFound }]),
      );
      // a coordinator of this child reaching the other child's behaviour through this child's path
      await post(coordinator, `/api/child/${childId}/behavior/${elsewhere.id}/delete`).then((r) =>
        expect(r.status).toBe(404),
      );
      await post(owner, `/api/child/${childId}/behavior/not-an-id/delete`).then((r) =>
        expect([r.status, r.body]).toEqual([404, { error: BehaviorMessages.behaviorNotFound }]),
      );
      await get(owner, `/api/behavior/${behavior.id}`).then((r) => expect(r.status).toBe(200));
      await get(owner, `/api/behavior/${elsewhere.id}`).then((r) => expect(r.status).toBe(200));
    });

    it('goes with its child', async () => {
      const child = await createChild(therapy, owner);
      const behavior = await createBehavior('Gone with the child', child);
      await post(owner, `/api/behavior/${behavior.id}/log`).then((r) => expect(r.status).toBe(201));
      await post(owner, `/api/child/${child}/delete`).then((r) => expect(r.status).toBe(200));
      await therapy.eraseDeletedChild(child);
      expect(await therapy.sql('select 1 from "therapy"."behavior" where "id" = ?', [behavior.id])).toEqual(
        [],
      );
      await get(owner, `/api/behavior/${behavior.id}`).then((r) => expect(r.status).toBe(404));
    });
  });

  describe('without a licence', () => {
    it('answers 402 Child subscription not found on every behaviour call', async () => {
      const child = await createChild(therapy, owner);
      const behavior = await createBehavior('Licensed once', child);
      const licence = (
        await therapy.sql<{ child_subscription_id: string }>(
          'select "child_subscription_id" from "therapy"."child_licence" where "child_id" = ?',
          [child],
        )
      )[0].child_subscription_id;
      await therapy.revokeLicence(child, licence);
      const calls = [
        () => get(owner, `/api/child/${child}/behavior/list`),
        () => post(owner, `/api/child/${child}/behavior/create`, { name: 'New' }),
        () => post(owner, `/api/child/${child}/behavior/${behavior.id}/delete`),
        () => get(owner, `/api/behavior/${behavior.id}`),
        () => post(owner, `/api/behavior/${behavior.id}/log`),
        () => get(owner, `/api/child/${child}/behavior-abc/${behavior.id}/list`),
        () =>
          post(owner, `/api/child/${child}/behavior-abc/log`, {
            behavior_id: behavior.id,
            antecedent: 'a',
            consequence: 'b',
          }),
      ];
      for (const call of calls) {
        const response = await call();
        expect([response.status, response.body]).toEqual([402, { error: ErrorMessages.licenceMissing }]);
      }
      await therapy.grantLicence(child);
      await get(owner, `/api/behavior/${behavior.id}`).then((r) => expect(r.status).toBe(200));
    });
  });
});
