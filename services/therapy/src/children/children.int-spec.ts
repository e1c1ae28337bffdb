import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { ChildMessages, ErrorMessages } from '@aba/contracts/api';
import { Subjects } from '@aba/contracts/events';
import { todayUtc } from './children.service.js';
import {
  addHelper,
  childForm,
  createChild,
  startTherapy,
  type TestUser,
  type TherapyHarness,
} from '../testing/therapy-harness.js';

describe('children: create, list, get, delete', () => {
  let therapy: TherapyHarness;
  let owner: TestUser;
  let coordinator: TestUser;
  let therapist: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    therapy = await startTherapy();
    owner = await therapy.registerUser({ firstName: 'Ioana', role: 'PARENT' });
    coordinator = await therapy.registerUser({ firstName: 'Cora', role: 'COORDINATOR' });
    therapist = await therapy.registerUser({ firstName: 'Tudor', role: 'THERAPIST' });
    stranger = await therapy.registerUser({ firstName: 'Sorin' });
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

  describe('POST /api/child/create', () => {
    it('creates a child owned by its creator and announces it', async () => {
      const response = await post(
        owner,
        '/api/child/create',
        childForm({ first_name: '  Matei ', last_name: 'Ionescu ' }),
      );
      expect(response.status).toBe(201);
      expect(response.body).toEqual({ child_id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
      const childId = response.body.child_id as string;

      const child = await get(owner, `/api/child/${childId}`);
      expect(child.status).toBe(200);
      expect(child.body).toEqual({
        child: {
          id: childId,
          first_name: 'Matei',
          last_name: 'Ionescu',
          date_of_birth: '2019-05-14',
          time_zone: 'Europe/Bucharest',
          relation: 'OWNER',
          waiting_captures: 0,
          consent: null,
          ownership_offer: null,
        },
      });

      const event = await therapy.published(Subjects.ChildCreatedV1, (data) => data.childId === childId);
      expect(event.data).toEqual({ childId, ownerId: owner.id, firstName: 'Matei', lastName: 'Ionescu' });
      expect(event.envelope).toMatchObject({
        type: Subjects.ChildCreatedV1,
        version: 1,
        producer: 'therapy',
      });
      expect(event.subject).toBe(`${therapy.env.natsPrefix}.${Subjects.ChildCreatedV1}`);
    });

    it("accepts today's date (UTC) as the date of birth", async () => {
      await post(owner, '/api/child/create', childForm({ date_of_birth: todayUtc() })).then((r) =>
        expect(r.status).toBe(201),
      );
    });

    it.each([
      ['a blank first name', { first_name: '   ' }, ChildMessages.requiredFields],
      ['a blank last name', { last_name: '' }, ChildMessages.requiredFields],
      ['no date of birth', { date_of_birth: '' }, ChildMessages.requiredFields],
      ['a missing field', { first_name: undefined }, ChildMessages.requiredFields],
      ['an impossible date', { date_of_birth: '2021-02-30' }, ChildMessages.dateOfBirthInvalid],
      ['another date format', { date_of_birth: '14/05/2019' }, ChildMessages.dateOfBirthInvalid],
      ['a date before 1900', { date_of_birth: '1899-12-31' }, ChildMessages.dateOfBirthInvalid],
      ['a future date', { date_of_birth: '2999-01-01' }, ChildMessages.dateOfBirthInFuture],
      ['an unknown time zone', { time_zone: 'Mars/Olympus' }, ChildMessages.timeZoneInvalid],
      ['a blank time zone', { time_zone: '  ' }, ChildMessages.timeZoneInvalid],
    ])('refuses %s with 400', async (_name, overrides, message) => {
      const response = await post(owner, '/api/child/create', childForm(overrides));
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: message });
    });

    it("keeps the child's time zone, whose local days group its data (issue 15)", async () => {
      const response = await post(owner, '/api/child/create', childForm({ time_zone: ' Europe/London ' }));
      expect(response.status).toBe(201);
      const child = await get(owner, `/api/child/${response.body.child_id}`);
      expect(child.body.child.time_zone).toBe('Europe/London');
    });

    it('refuses tomorrow (UTC)', async () => {
      const tomorrow = todayUtc(new Date(Date.now() + 24 * 3600 * 1000));
      const response = await post(owner, '/api/child/create', childForm({ date_of_birth: tomorrow }));
      expect(response.body).toEqual({ error: ChildMessages.dateOfBirthInFuture });
    });

    it.each([
      ['a name over 100 characters', { first_name: 'x'.repeat(101) }, /^first_name: /],
      ['a number for a name', { last_name: 42 }, /^last_name: /],
      ['an object for the date', { date_of_birth: { y: 2020 } }, /^date_of_birth: /],
    ])('refuses %s with 400 naming the field', async (_name, overrides, pattern) => {
      const response = await post(owner, '/api/child/create', childForm(overrides));
      expect(response.status).toBe(400);
      expect(response.body.error).toMatch(pattern);
    });

    it('needs the gateway token', async () => {
      await therapy.http().post('/api/child/create').send(childForm()).expect(401);
    });
  });

  describe('GET /api/child/list', () => {
    it("lists the children a user owns or actively helps, with the user's relation, by first name", async () => {
      const parent = await therapy.registerUser({ firstName: 'Paula' });
      const helper = await therapy.registerUser({ firstName: 'Horia' });
      const zoe = await createChild(therapy, parent, { first_name: 'Zoe', last_name: 'Pop' });
      const andrei = await createChild(therapy, parent, { first_name: 'andrei', last_name: 'Pop' });
      const bianca = await createChild(therapy, helper, { first_name: 'Bianca', last_name: 'Dan' });
      const cezar = await createChild(therapy, owner, { first_name: 'Cezar', last_name: 'Lup' });
      const dan = await createChild(therapy, owner, { first_name: 'Dan', last_name: 'Lup' });
      await addHelper(therapy, owner, cezar, helper.email, 'ADMIN');
      await addHelper(therapy, owner, dan, helper.email, 'THERAPIST');
      // not someone else's child, nor a pending invitation
      await addHelper(therapy, parent, zoe, 'not.yet.registered@example.com', 'THERAPIST');

      const mine = await get(helper, '/api/child/list');
      expect(mine.status).toBe(200);
      expect(mine.body.children).toEqual([
        {
          id: bianca,
          first_name: 'Bianca',
          last_name: 'Dan',
          date_of_birth: '2019-05-14',
          time_zone: 'Europe/Bucharest',
          relation: 'OWNER',
        },
        { id: cezar, first_name: 'Cezar', last_name: 'Lup', date_of_birth: '2019-05-14', time_zone: 'Europe/Bucharest', relation: 'ADMIN' },
        { id: dan, first_name: 'Dan', last_name: 'Lup', date_of_birth: '2019-05-14', time_zone: 'Europe/Bucharest', relation: 'THERAPIST' },
      ]);
      const parents = await get(parent, '/api/child/list');
      expect(parents.body.children.map((c: { id: string }) => c.id)).toEqual([andrei, zoe]);
    });

    it('is empty for a user with no children (the platform role gives none)', async () => {
      const admin = await therapy.registerUser({ role: 'ADMIN' });
      const response = await get(admin, '/api/child/list');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ children: [] });
    });
  });

  describe('GET /api/child/{id}', () => {
    let childId: string;

    beforeAll(async () => {
      childId = await createChild(therapy, owner, { first_name: 'Eva' });
      await addHelper(therapy, owner, childId, coordinator.email, 'ADMIN');
      await addHelper(therapy, owner, childId, therapist.email, 'THERAPIST');
    });

    it.each([
      ['the coordinator', () => coordinator, 'ADMIN'],
      ['the therapist', () => therapist, 'THERAPIST'],
      ['the owner', () => owner, 'OWNER'],
    ])('answers %s with its relation', async (_name, who, relation) => {
      const response = await get(who(), `/api/child/${childId}`);
      expect(response.status).toBe(200);
      expect(response.body.child).toMatchObject({ id: childId, first_name: 'Eva', relation });
    });

    it('refuses a stranger with 403', async () => {
      const response = await get(stranger, `/api/child/${childId}`);
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ error: ChildMessages.noChildAccess });
    });

    it.each([
      ['an unknown id', randomUUID()],
      ['a malformed id', 'not-a-uuid'],
      ['a blank id', ' '],
      ['a 3000-character id', 'x'.repeat(3000)],
      ['an injection attempt', "1'; drop table child; --"],
    ])('answers 404 Child does not exist for %s', async (_name, id) => {
      const response = await get(owner, `/api/child/${encodeURIComponent(id)}`);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: ErrorMessages.childNotFound });
    });
  });

  describe('POST /api/child/{id}/delete', () => {
    it('lets the owner delete the child (restorable: its active team stays, its invitations end), announced as deleted', async () => {
      const childId = await createChild(therapy, owner, { first_name: 'Radu', last_name: 'Stan' });
      await addHelper(therapy, owner, childId, coordinator.email, 'ADMIN');
      await addHelper(therapy, owner, childId, 'pending.person@example.com', 'THERAPIST');

      const response = await post(owner, `/api/child/${childId}/delete`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ message: ChildMessages.childDeleted });

      await get(owner, `/api/child/${childId}`).then((r) =>
        expect(r.body).toEqual({ error: ChildMessages.childNotFound }),
      );
      await get(coordinator, `/api/child/${childId}`).then((r) => expect(r.status).toBe(404));
      expect(
        await therapy.sql('select "status" from "therapy"."child_helper" where "child_id" = ?', [childId]),
      ).toEqual([{ status: 'ACTIVE' }]);
      const listed = await get(coordinator, '/api/child/list');
      expect(listed.body.children.map((c: { id: string }) => c.id)).not.toContain(childId);

      const event = await therapy.published(Subjects.ChildDeletedV1, (data) => data.childId === childId);
      expect(event.data).toEqual({ childId, ownerId: owner.id, firstName: 'Radu', lastName: 'Stan' });
      // deleting again: the child is gone
      await post(owner, `/api/child/${childId}/delete`).then((r) => expect(r.status).toBe(404));
    });

    it('refuses the coordinator and the therapist with 403, and a stranger without access', async () => {
      const childId = await createChild(therapy, owner);
      await addHelper(therapy, owner, childId, coordinator.email, 'ADMIN');
      await addHelper(therapy, owner, childId, therapist.email, 'THERAPIST');
      for (const helper of [coordinator, therapist]) {
        const response = await post(helper, `/api/child/${childId}/delete`);
        expect(response.status).toBe(403);
        expect(response.body).toEqual({ error: ChildMessages.actionNotAllowed });
      }
      const response = await post(stranger, `/api/child/${childId}/delete`);
      expect(response.body).toEqual({ error: ChildMessages.noChildAccess });
      await get(owner, `/api/child/${childId}`).then((r) => expect(r.status).toBe(200));
    });
  });
});
