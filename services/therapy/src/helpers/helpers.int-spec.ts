import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { ChildMessages } from '@aba/contracts/api';
import { Subjects } from '@aba/contracts/events';
import { MikroORM } from '@mikro-orm/core';
import { sqlRows } from '@aba/server-kit';
import {
  addHelper,
  createChild,
  startTherapy,
  type TestUser,
  type TherapyHarness,
} from '../testing/therapy-harness.js';
import { lockInviteAddress } from './invite-address-lock.js';

describe('helpers: a child team of coordinators and therapists', () => {
  let therapy: TherapyHarness;
  let owner: TestUser;
  let coordinator: TestUser;
  let therapist: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    therapy = await startTherapy();
    owner = await therapy.registerUser({ firstName: 'Olga', lastName: 'Owner' });
    coordinator = await therapy.registerUser({ firstName: 'Cora', lastName: 'Coord', role: 'COORDINATOR' });
    therapist = await therapy.registerUser({ firstName: 'Tudor', lastName: 'Ther', role: 'THERAPIST' });
    stranger = await therapy.registerUser({ firstName: 'Sorin', lastName: 'Strain' });
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

  /** A child of `owner` with the coordinator and the therapist on its team. */
  async function childWithTeam(): Promise<{
    childId: string;
    coordinatorHelper: string;
    therapistHelper: string;
  }> {
    const childId = await createChild(therapy, owner);
    const coordinatorHelper = (await addHelper(therapy, owner, childId, coordinator.email, 'ADMIN')).id;
    const therapistHelper = (await addHelper(therapy, owner, childId, therapist.email, 'THERAPIST')).id;
    return { childId, coordinatorHelper, therapistHelper };
  }

  describe('GET /api/child/{id}/helpers?access_type=', () => {
    it('lists one access type: names of registered helpers, empty names while pending', async () => {
      const { childId, coordinatorHelper, therapistHelper } = await childWithTeam();
      const pending = await addHelper(therapy, owner, childId, 'Later.Person@Example.com', 'THERAPIST');

      const admins = await get(therapist, `/api/child/${childId}/helpers?access_type=ADMIN`);
      expect(admins.status).toBe(200);
      expect(admins.body).toEqual({
        helpers: [
          {
            id: coordinatorHelper,
            first_name: 'Cora',
            last_name: 'Coord',
            email: coordinator.email,
            access_type: 'ADMIN',
            status: 'ACTIVE',
            user_id: coordinator.id,
          },
        ],
      });
      const therapists = await get(coordinator, `/api/child/${childId}/helpers?access_type=THERAPIST`);
      expect(therapists.body.helpers).toEqual([
        {
          id: therapistHelper,
          first_name: 'Tudor',
          last_name: 'Ther',
          email: therapist.email,
          access_type: 'THERAPIST',
          status: 'ACTIVE',
          user_id: therapist.id,
        },
        {
          id: pending.id,
          first_name: '',
          last_name: '',
          email: 'later.person@example.com',
          access_type: 'THERAPIST',
          status: 'PENDING',
          user_id: null,
        },
      ]);
    });

    it.each([
      ['missing', ''],
      ['unknown', '?access_type=OWNER'],
      ['lower-case', '?access_type=admin'],
      ['repeated', '?access_type=ADMIN&access_type=THERAPIST'],
    ])('answers 400 naming access_type when it is %s', async (_name, query) => {
      const childId = await createChild(therapy, owner);
      const response = await get(owner, `/api/child/${childId}/helpers${query}`);
      expect(response.status).toBe(400);
      expect(response.body.error).toMatch(/^access_type: /);
    });

    it('refuses a stranger', async () => {
      const childId = await createChild(therapy, owner);
      const response = await get(stranger, `/api/child/${childId}/helpers?access_type=ADMIN`);
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ error: ChildMessages.noChildAccess });
    });
  });

  describe('POST /api/child/{id}/helper/add?access_type=', () => {
    it('attaches a registered user at once and announces the access', async () => {
      const childId = await createChild(therapy, owner);
      const response = await post(owner, `/api/child/${childId}/helper/add?access_type=ADMIN`, {
        email: `  ${coordinator.email.toUpperCase()} `,
        access_type: 'ADMIN',
      });
      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        helper: {
          id: expect.any(String),
          first_name: 'Cora',
          last_name: 'Coord',
          email: coordinator.email,
          access_type: 'ADMIN',
          status: 'ACTIVE',
          user_id: coordinator.id,
        },
      });
      const event = await therapy.published(
        Subjects.ChildAccessGrantedV1,
        (data) => data.childId === childId,
      );
      expect(event.data).toEqual({ childId, userId: coordinator.id, accessType: 'ADMIN' });
      // …and the coordinator now reaches the child
      await get(coordinator, `/api/child/${childId}`).then((r) =>
        expect(r.body.child.relation).toBe('ADMIN'),
      );
    });

    it('records an unknown e-mail as PENDING and announces the invitation with the child’s first name', async () => {
      const childId = await createChild(therapy, owner, { first_name: 'Bianca', last_name: 'Nume-de-familie' });
      const response = await post(owner, `/api/child/${childId}/helper/add?access_type=THERAPIST`, {
        email: 'New.Therapist@Example.com',
        access_type: 'THERAPIST',
      });
      expect(response.status).toBe(201);
      expect(response.body.helper).toEqual({
        id: expect.any(String),
        first_name: '',
        last_name: '',
        email: 'new.therapist@example.com',
        access_type: 'THERAPIST',
        status: 'PENDING',
        user_id: null,
      });
      const event = await therapy.published(Subjects.HelperInvitedV2, (data) => data.childId === childId);
      expect(event.data).toEqual({
        email: 'new.therapist@example.com',
        childId,
        accessType: 'THERAPIST',
        invitedBy: owner.id,
        childFirstName: 'Bianca',
      });
      // Only the new version is published: identity reads v1 only from before the upgrade.
      const v1 = (await therapy.therapyEvents()).filter(
        (e) =>
          e.envelope.type === Subjects.HelperInvitedV1 &&
          (e.envelope.data as { childId: string }).childId === childId,
      );
      expect(v1).toEqual([]);
      const rows = await therapy.sql(
        'select "status", "user_id", "invited_by" from "therapy"."child_helper" where "child_id" = ?',
        [childId],
      );
      expect(rows).toEqual([{ status: 'PENDING', user_id: null, invited_by: owner.id }]);
    });

    it('takes the access type from the query when the body has none, and the body’s when both differ', async () => {
      const childId = await createChild(therapy, owner);
      const fromQuery = await post(owner, `/api/child/${childId}/helper/add?access_type=THERAPIST`, {
        email: 'q@example.com',
      });
      expect(fromQuery.body.helper.access_type).toBe('THERAPIST');
      const fromBody = await post(owner, `/api/child/${childId}/helper/add?access_type=THERAPIST`, {
        email: 'b@example.com',
        access_type: 'ADMIN',
      });
      expect(fromBody.body.helper.access_type).toBe('ADMIN');
    });

    it('lets a coordinator manage the team', async () => {
      const { childId } = await childWithTeam();
      await addHelper(therapy, coordinator, childId, 'another@example.com', 'THERAPIST');
    });

    it('refuses a therapist with 403 and a stranger without access', async () => {
      const { childId } = await childWithTeam();
      const body = { email: 'x@example.com', access_type: 'THERAPIST' };
      const byTherapist = await post(
        therapist,
        `/api/child/${childId}/helper/add?access_type=THERAPIST`,
        body,
      );
      expect(byTherapist.status).toBe(403);
      expect(byTherapist.body).toEqual({ error: ChildMessages.actionNotAllowed });
      const byStranger = await post(stranger, `/api/child/${childId}/helper/add?access_type=THERAPIST`, body);
      expect(byStranger.status).toBe(403);
      expect(byStranger.body).toEqual({ error: ChildMessages.noChildAccess });
    });

    describe('conflicts', () => {
      let childId: string;
      beforeAll(async () => {
        ({ childId } = await childWithTeam());
        await addHelper(therapy, owner, childId, 'pending.one@example.com', 'THERAPIST');
      });

      it.each([
        ['the caller’s own e-mail (owner)', () => owner, () => owner.email, ChildMessages.helperIsSelf],
        [
          'the caller’s own e-mail (coordinator)',
          () => coordinator,
          () => coordinator.email.toUpperCase(),
          ChildMessages.helperIsSelf,
        ],
        ['the owner’s e-mail', () => coordinator, () => owner.email, ChildMessages.helperIsOwner],
        ['a helper of the same type', () => owner, () => coordinator.email, ChildMessages.helperExists],
        ['a helper of the other type', () => owner, () => therapist.email, ChildMessages.helperExists],
        [
          'a pending invitation, differently cased',
          () => owner,
          () => ' Pending.One@EXAMPLE.com',
          ChildMessages.helperExists,
        ],
      ])('answers 409 for %s', async (_name, caller, email, message) => {
        const response = await post(caller(), `/api/child/${childId}/helper/add?access_type=ADMIN`, {
          email: email(),
          access_type: 'ADMIN',
        });
        expect(response.status).toBe(409);
        expect(response.body).toEqual({ error: message });
      });
    });

    it.each([
      ['a malformed e-mail', { email: 'not-an-email', access_type: 'ADMIN' }, ChildMessages.invalidEmail],
      [
        'an e-mail with spaces inside',
        { email: 'a b@example.com', access_type: 'ADMIN' },
        ChildMessages.invalidEmail,
      ],
      ['a blank e-mail', { email: '   ', access_type: 'ADMIN' }, ChildMessages.requiredFields],
      ['no e-mail', { access_type: 'ADMIN' }, ChildMessages.requiredFields],
    ])('answers 400 for %s', async (_name, body, message) => {
      const childId = await createChild(therapy, owner);
      const response = await post(owner, `/api/child/${childId}/helper/add`, body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: message });
    });

    it.each([
      ['no access type anywhere', '', { email: 'a@example.com' }, /^access_type: /],
      [
        'a bad access type in the body',
        '',
        { email: 'a@example.com', access_type: 'OWNER' },
        /^access_type: /,
      ],
      ['a bad access type in the query', '?access_type=ROOT', { email: 'a@example.com' }, /^access_type: /],
      [
        'an e-mail over 320 characters',
        '?access_type=ADMIN',
        { email: `${'a'.repeat(320)}@example.com` },
        /^email: /,
      ],
      ['an e-mail that is a number', '?access_type=ADMIN', { email: 12 }, /^email: /],
    ])('answers 400 for %s', async (_name, query, body, pattern) => {
      const childId = await createChild(therapy, owner);
      const response = await post(owner, `/api/child/${childId}/helper/add${query}`, body);
      expect(response.status).toBe(400);
      expect(response.body.error).toMatch(pattern);
    });

    it('lets only one of several simultaneous adds of the same e-mail succeed', async () => {
      const childId = await createChild(therapy, owner);
      const body = { email: 'race@example.com', access_type: 'THERAPIST' };
      const responses = await Promise.all(
        [1, 2, 3].map(() => post(owner, `/api/child/${childId}/helper/add`, body)),
      );
      expect(responses.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    });
  });

  describe('POST /api/child/{id}/helper/{helperId}/delete', () => {
    it('removes an active helper, who loses access, and announces the revocation', async () => {
      const { childId, therapistHelper } = await childWithTeam();
      const response = await post(owner, `/api/child/${childId}/helper/${therapistHelper}/delete`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ message: ChildMessages.helperRemoved });
      const event = await therapy.published(
        Subjects.ChildAccessRevokedV1,
        (data) => data.childId === childId,
      );
      expect(event.data).toEqual({ childId, userId: therapist.id, accessType: 'THERAPIST' });
      await get(therapist, `/api/child/${childId}`).then((r) =>
        expect(r.body).toEqual({ error: ChildMessages.noChildAccess }),
      );
    });

    it('removes a pending invitation without announcing a revocation', async () => {
      const childId = await createChild(therapy, owner);
      const pending = await addHelper(therapy, owner, childId, 'gone.before@example.com', 'ADMIN');
      await post(stranger, `/api/child/${childId}/helper/${pending.id}/delete`).then((r) =>
        expect(r.status).toBe(403),
      );
      await post(owner, `/api/child/${childId}/helper/${pending.id}/delete`).then((r) =>
        expect(r.status).toBe(200),
      );
      const helpers = await get(owner, `/api/child/${childId}/helpers?access_type=ADMIN`);
      expect(helpers.body.helpers).toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const revoked = (await therapy.therapyEvents()).filter(
        (e) =>
          e.envelope.type === Subjects.ChildAccessRevokedV1 &&
          (e.envelope.data as { childId: string }).childId === childId,
      );
      expect(revoked).toEqual([]);
    });

    it('answers 404 for an unknown helper and for a helper of another child', async () => {
      const { childId } = await childWithTeam();
      const other = await childWithTeam();
      for (const helperId of [randomUUID(), other.therapistHelper]) {
        const response = await post(owner, `/api/child/${childId}/helper/${helperId}/delete`);
        expect(response.status).toBe(404);
        expect(response.body).toEqual({ error: ChildMessages.helperNotFound });
      }
      // the other child's helper is still there
      const list = await get(owner, `/api/child/${other.childId}/helpers?access_type=THERAPIST`);
      expect(list.body.helpers).toHaveLength(1);
    });

    it('answers 400 naming helperId for a malformed id', async () => {
      const { childId } = await childWithTeam();
      const response = await post(owner, `/api/child/${childId}/helper/not-a-uuid/delete`);
      expect(response.status).toBe(400);
      expect(response.body.error).toMatch(/^helperId: /);
    });

    it('refuses a therapist with 403', async () => {
      const { childId, coordinatorHelper } = await childWithTeam();
      const response = await post(therapist, `/api/child/${childId}/helper/${coordinatorHelper}/delete`);
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ error: ChildMessages.actionNotAllowed });
    });
  });

  describe('identity events', () => {
    it('turns pending invitations ACTIVE when that e-mail registers, announcing each grant', async () => {
      const first = await createChild(therapy, owner);
      const second = await createChild(therapy, owner);
      await addHelper(therapy, owner, first, 'Invited.Person@Example.com', 'THERAPIST');
      await addHelper(therapy, owner, second, 'invited.person@example.com', 'ADMIN');

      const newcomer = await therapy.registerUser({
        email: 'INVITED.person@example.com',
        firstName: 'Ilinca',
        lastName: 'Nou',
      });

      const granted = await therapy.published(
        Subjects.ChildAccessGrantedV1,
        (d) => d.childId === first && d.userId === newcomer.id,
      );
      expect(granted.data).toEqual({ childId: first, userId: newcomer.id, accessType: 'THERAPIST' });
      await therapy.published(
        Subjects.ChildAccessGrantedV1,
        (d) => d.childId === second && d.userId === newcomer.id,
      );

      const helpers = await get(owner, `/api/child/${first}/helpers?access_type=THERAPIST`);
      expect(helpers.body.helpers).toEqual([
        expect.objectContaining({
          first_name: 'Ilinca',
          last_name: 'Nou',
          status: 'ACTIVE',
          email: 'invited.person@example.com',
        }),
      ]);
      const list = await get(newcomer, '/api/child/list');
      expect(
        list.body.children.map((c: { id: string; relation: string }) => [c.id, c.relation]).sort(),
      ).toEqual(
        [
          [first, 'THERAPIST'],
          [second, 'ADMIN'],
        ].sort(),
      );
    });

    it("turns pending invitations ACTIVE when a user's account takes that e-mail (a confirmed e-mail change)", async () => {
      const childId = await createChild(therapy, owner);
      const email = `new.address.${randomUUID()}@example.com`;
      await addHelper(therapy, owner, childId, email, 'THERAPIST');
      const mover = await therapy.registerUser({ firstName: 'Mara', lastName: 'Mutat', role: 'THERAPIST' });

      await therapy.identity.publish(Subjects.UserUpdatedV1, {
        userId: mover.id,
        email,
        firstName: mover.firstName,
        lastName: mover.lastName,
        role: mover.role,
      });
      const granted = await therapy.published(
        Subjects.ChildAccessGrantedV1,
        (d) => d.childId === childId && d.userId === mover.id,
      );
      expect(granted.data).toEqual({ childId, userId: mover.id, accessType: 'THERAPIST' });
      const list = await get(mover, '/api/child/list');
      expect(list.body.children.map((c: { id: string }) => c.id)).toContain(childId);
    });

    it('an add of an address whose registration is being handled waits for it, and the helper is ACTIVE at once', async () => {
      const childId = await createChild(therapy, owner);
      const email = `racing.${randomUUID()}@example.com`;
      const userId = randomUUID();
      let answered = false;
      let add: Promise<{ id: string; status: string }> | undefined;
      // The registration's event transaction, held open: the address locked, the user written and not yet committed.
      await therapy.app
        .get(MikroORM)
        .em.fork()
        .transactional(async (tx) => {
          await lockInviteAddress(tx, email);
          await sqlRows(
            tx,
            `insert into "directory_user" ("id", "email", "first_name", "last_name", "role")
             values (?, ?, 'Radu', 'Repede', 'THERAPIST')`,
            [userId, email],
          );
          add = addHelper(therapy, owner, childId, email, 'THERAPIST').finally(() => {
            answered = true;
          });
          await new Promise((resolve) => setTimeout(resolve, 500));
          expect(answered).toBe(false);
        });
      const helper = await add!;
      expect(helper.status).toBe('ACTIVE');
      const helpers = await get(owner, `/api/child/${childId}/helpers?access_type=THERAPIST`);
      expect(helpers.body.helpers).toEqual([expect.objectContaining({ email, status: 'ACTIVE', first_name: 'Radu' })]);
    });
  });
});
