import 'reflect-metadata';
import { OwnershipMessages, ownershipResponseSchema } from '@aba/contracts/api';
import { Subjects } from '@aba/contracts/events';
import { plansClient } from '../testing/plans-client.js';
import {
  addHelper,
  createChild,
  startTherapy,
  type TestUser,
  type TherapyHarness,
} from '../testing/therapy-harness.js';

describe('handing a child over to a coordinator (issue 17, ADR 0050)', () => {
  let therapy: TherapyHarness;
  let api: ReturnType<typeof plansClient>;
  let owner: TestUser;
  let coordinator: TestUser;
  let other: TestUser;
  let therapist: TestUser;

  beforeAll(async () => {
    therapy = await startTherapy();
    api = plansClient(therapy);
    owner = await therapy.registerUser({ firstName: 'Ioana', lastName: 'Pleacă' });
    coordinator = await therapy.registerUser({ firstName: 'Dana', lastName: 'Preia', role: 'THERAPIST' });
    other = await therapy.registerUser({ firstName: 'Mihai', lastName: 'Altul', role: 'THERAPIST' });
    therapist = await therapy.registerUser({ firstName: 'Radu', lastName: 'Terapeut', role: 'THERAPIST' });
  });

  afterAll(() => therapy.close());

  const team = async (childId: string) => {
    await addHelper(therapy, owner, childId, coordinator.email, 'ADMIN');
    await addHelper(therapy, owner, childId, other.email, 'ADMIN');
    await addHelper(therapy, owner, childId, therapist.email, 'THERAPIST');
  };
  const offerOf = async (user: TestUser, childId: string) =>
    ownershipResponseSchema.parse((await api.get(user, `/api/child/${childId}/ownership`)).body).offer;
  const answer = async (user: TestUser, path: string, body?: unknown) => {
    const response = await api.post(user, path, body);
    return { status: response.status, body: response.body as Record<string, unknown> };
  };

  it('is offered by the owner to a coordinator, who accepts it: they own the child, its former owner coordinates it', async () => {
    const childId = await createChild(therapy, owner, { first_name: 'Luca' });
    await team(childId);
    const base = `/api/child/${childId}/ownership`;

    expect(await answer(owner, `${base}/offer`, { to_user_id: therapist.id })).toEqual({
      status: 400,
      body: { error: OwnershipMessages.notCoordinator },
    });
    expect((await answer(coordinator, `${base}/offer`, { to_user_id: other.id })).status).toBe(403);
    const offered = await answer(owner, `${base}/offer`, { to_user_id: coordinator.id });
    expect(offered).toMatchObject({
      status: 200,
      body: {
        message: OwnershipMessages.offered,
        offer: { to_user_id: coordinator.id, to_name: 'Dana Preia' },
      },
    });
    expect(await offerOf(therapist, childId)).toMatchObject({ to_user_id: coordinator.id });
    expect((await api.get(coordinator, `/api/child/${childId}`)).body.child.ownership_offer).toMatchObject({
      to_user_id: coordinator.id,
    });

    expect(await answer(other, `${base}/accept`)).toEqual({
      status: 403,
      body: { error: OwnershipMessages.notYourOffer },
    });
    expect(await answer(coordinator, `${base}/accept`)).toEqual({
      status: 200,
      body: { message: OwnershipMessages.accepted },
    });

    expect((await api.get(coordinator, `/api/child/${childId}`)).body.child).toMatchObject({
      relation: 'OWNER',
      ownership_offer: null,
    });
    expect((await api.get(owner, `/api/child/${childId}`)).body.child.relation).toBe('ADMIN');
    const coordinators = await api.get(coordinator, `/api/child/${childId}/helpers?access_type=ADMIN`);
    expect((coordinators.body.helpers as { email: string }[]).map((helper) => helper.email).sort()).toEqual(
      [owner.email, other.email].sort(),
    );
    expect((await api.post(owner, `/api/child/${childId}/delete`)).status).toBe(403);

    await therapy.published(
      Subjects.ChildUpdatedV1,
      (event) => event.childId === childId && event.ownerId === coordinator.id,
    );
    await therapy.published(
      Subjects.ChildAccessRevokedV1,
      (event) => event.childId === childId && event.userId === coordinator.id,
    );
    await therapy.published(
      Subjects.ChildAccessGrantedV1,
      (event) => event.childId === childId && event.userId === owner.id && event.accessType === 'ADMIN',
    );
    const trail = await api.get(coordinator, `/api/child/${childId}/audit`);
    expect(trail.body.entries.slice(0, 2)).toMatchObject([
      {
        kind: 'OWNERSHIP_TRANSFERRED',
        actor: { id: coordinator.id },
        before: { owner_id: owner.id },
        after: { owner_id: coordinator.id },
      },
      { kind: 'OWNERSHIP_OFFERED', actor: { id: owner.id }, after: { owner_id: coordinator.id } },
    ]);
  });

  it('can be declined by its coordinator or withdrawn by the owner; neither answers without a waiting offer', async () => {
    const childId = await createChild(therapy, owner, { first_name: 'Ana' });
    await team(childId);
    const base = `/api/child/${childId}/ownership`;
    expect(await answer(coordinator, `${base}/decline`)).toEqual({
      status: 409,
      body: { error: OwnershipMessages.noOffer },
    });
    expect((await answer(owner, `${base}/withdraw`)).status).toBe(409);

    await answer(owner, `${base}/offer`, { to_user_id: coordinator.id });
    expect((await answer(owner, `${base}/offer`, { to_user_id: other.id })).status).toBe(200);
    expect(await offerOf(owner, childId)).toMatchObject({ to_user_id: other.id });
    expect((await answer(coordinator, `${base}/decline`)).status).toBe(403);
    expect(await answer(other, `${base}/decline`)).toEqual({
      status: 200,
      body: { message: OwnershipMessages.declined },
    });
    expect(await offerOf(owner, childId)).toBeNull();

    await answer(owner, `${base}/offer`, { to_user_id: coordinator.id });
    expect(await answer(owner, `${base}/withdraw`)).toEqual({
      status: 200,
      body: { message: OwnershipMessages.withdrawn },
    });
    expect((await answer(coordinator, `${base}/accept`)).status).toBe(409);
    expect((await api.get(owner, `/api/child/${childId}`)).body.child.relation).toBe('OWNER');
    const kinds = (await api.get(owner, `/api/child/${childId}/audit`)).body.entries
      .slice(0, 5)
      .map((entry: { kind: string }) => entry.kind);
    expect(kinds).toEqual([
      'OWNERSHIP_OFFER_WITHDRAWN',
      'OWNERSHIP_OFFERED',
      'OWNERSHIP_DECLINED',
      'OWNERSHIP_OFFERED',
      'OWNERSHIP_OFFERED',
    ]);
  });

  it('goes with a coordinator who leaves the team', async () => {
    const childId = await createChild(therapy, owner, { first_name: 'Ion' });
    const helper = await addHelper(therapy, owner, childId, coordinator.email, 'ADMIN');
    await answer(owner, `/api/child/${childId}/ownership/offer`, { to_user_id: coordinator.id });
    expect((await api.post(owner, `/api/child/${childId}/helper/${helper.id}/delete`)).status).toBe(200);
    expect(await offerOf(owner, childId)).toBeNull();
    expect((await answer(coordinator, `/api/child/${childId}/ownership/accept`)).status).toBe(403);
    expect((await api.get(owner, `/api/child/${childId}`)).body.child.relation).toBe('OWNER');
  });
});
