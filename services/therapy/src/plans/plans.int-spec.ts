import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { ChildMessages, PlanMessages } from '@aba/contracts/api';
import { plansClient } from '../testing/plans-client.js';
import {
  addHelper,
  createChild,
  startTherapy,
  type TestUser,
  type TherapyHarness,
} from '../testing/therapy-harness.js';

describe('plans and sub-plans', () => {
  let therapy: TherapyHarness;
  let api: ReturnType<typeof plansClient>;
  let owner: TestUser;
  let coordinator: TestUser;
  let therapist: TestUser;
  let stranger: TestUser;
  let childId: string;
  let otherChildId: string;

  beforeAll(async () => {
    therapy = await startTherapy();
    api = plansClient(therapy);
    owner = await therapy.registerUser({ firstName: 'Olga', role: 'PARENT' });
    coordinator = await therapy.registerUser({ firstName: 'Cora', role: 'COORDINATOR' });
    therapist = await therapy.registerUser({ firstName: 'Tudor', role: 'THERAPIST' });
    stranger = await therapy.registerUser({ firstName: 'Sorin' });
    childId = await createChild(therapy, owner);
    otherChildId = await createChild(therapy, owner, { first_name: 'Other' });
    await addHelper(therapy, owner, childId, coordinator.email, 'ADMIN');
    await addHelper(therapy, owner, childId, therapist.email, 'THERAPIST');
  });

  afterAll(() => therapy.close());

  describe.each(['plan', 'sub-plan'] as const)('%s create, edit, list, get, status, delete', (kind) => {
    const messages =
      kind === 'plan'
        ? {
            created: PlanMessages.planCreated,
            updated: PlanMessages.planUpdated,
            deleted: PlanMessages.planDeleted,
            notFound: PlanMessages.planNotFound,
          }
        : {
            created: PlanMessages.subPlanCreated,
            updated: PlanMessages.subPlanUpdated,
            deleted: PlanMessages.subPlanDeleted,
            notFound: PlanMessages.subPlanNotFound,
          };
    const base = () => `/api/child/${childId}/${kind}`;
    const statusPath = (id: string, status: string) => `/api/${kind}/${id}/set-status?status=${status}`;

    it('creates (201, trimmed, ACTIVE) and edits on the same path with the id (200)', async () => {
      const created = await api.post(owner, `${base()}/create`, {
        name: '  Speech ',
        description: ' Words ',
      });
      expect([created.status, created.body]).toEqual([
        201,
        { message: messages.created, id: expect.any(String) },
      ]);
      const id = created.body.id as string;
      const read = await api.get(therapist, `${base()}/${id}`);
      expect(read.status).toBe(200);
      expect(read.body.plan).toEqual({
        id,
        name: 'Speech',
        description: 'Words',
        status: 'ACTIVE',
        child_id: childId,
        created_at: expect.any(String),
      });
      if (kind === 'plan') expect(read.body.plan_items).toEqual([]);

      const edited = await api.post(coordinator, `${base()}/create`, {
        id,
        name: 'Speech 2',
        description: 'More words',
      });
      expect([edited.status, edited.body]).toEqual([200, { message: messages.updated, id }]);
      const again = await api.get(owner, `${base()}/${id}`);
      expect(again.body.plan).toMatchObject({ name: 'Speech 2', description: 'More words' });
    });

    it.each([
      ['an empty name', { name: '', description: 'd' }, PlanMessages.requiredFields],
      ['a blank description', { name: 'n', description: '   ' }, PlanMessages.requiredFields],
      ['no fields at all', {}, PlanMessages.requiredFields],
      ['a name over 100 characters', { name: 'x'.repeat(101), description: 'd' }, PlanMessages.nameTooLong],
      [
        'a description over 2000 characters',
        { name: 'n', description: 'x'.repeat(2001) },
        PlanMessages.descriptionTooLong,
      ],
    ])('refuses %s with 400', async (_name, body, message) => {
      const response = await api.post(owner, `${base()}/create`, body);
      expect([response.status, response.body]).toEqual([400, { error: message }]);
    });

    it.each([
      ['a number for a name', { name: 5, description: 'd' }, /^name: /],
      ['an array description', { name: 'n', description: ['d'] }, /^description: /],
      ['a malformed id', { id: 'nope', name: 'n', description: 'd' }, /^id: /],
    ])('refuses %s with 400 naming the field', async (_name, body, pattern) => {
      const response = await api.post(owner, `${base()}/create`, body);
      expect(response.status).toBe(400);
      expect(response.body.error).toMatch(pattern);
    });

    it("editing another child's (or an unknown) id is 404, and changes nothing", async () => {
      const foreign = await api.createPlan(owner, otherChildId, kind, 'Foreign');
      for (const id of [foreign, randomUUID()]) {
        const response = await api.post(owner, `${base()}/create`, { id, name: 'Hijack', description: 'x' });
        expect([response.status, response.body]).toEqual([404, { error: messages.notFound }]);
      }
      const read = await api.get(owner, `/api/child/${otherChildId}/${kind}/${foreign}`);
      expect(read.body.plan.name).toBe('Foreign');
      // read and delete through the wrong child: 404 as well
      await api
        .get(owner, `${base()}/${foreign}`)
        .then((r) => expect([r.status, r.body]).toEqual([404, { error: messages.notFound }]));
      await api.post(owner, `${base()}/${foreign}/delete`).then((r) => expect(r.status).toBe(404));
      await api.get(owner, `${base()}/not-a-uuid`).then((r) => expect(r.status).toBe(404));
    });

    it('lists ACTIVE, INACTIVE, COMPLETED, then by name; filters by status; validates the status', async () => {
      const child = await createChild(therapy, owner, { first_name: 'Lista' });
      const ids: Record<string, string> = {};
      for (const name of ['delta', 'Alpha', 'charlie', 'Bravo', 'echo'])
        ids[name] = await api.createPlan(owner, child, kind, name);
      await api.post(owner, statusPath(ids.Alpha, 'COMPLETED')).then((r) => expect(r.status).toBe(200));
      await api.post(owner, statusPath(ids.charlie, 'INACTIVE')).then((r) => expect(r.status).toBe(200));
      const setStatus = await api.post(owner, statusPath(ids.echo, 'INACTIVE'));
      expect(setStatus.body.plan).toMatchObject({ id: ids.echo, status: 'INACTIVE' });

      const list = await api.get(owner, `/api/child/${child}/${kind}/list`);
      expect(list.status).toBe(200);
      expect(list.body.plans.map((p: { name: string }) => p.name)).toEqual([
        'Bravo',
        'delta',
        'charlie',
        'echo',
        'Alpha',
      ]);
      const inactive = await api.get(owner, `/api/child/${child}/${kind}/list?status=INACTIVE`);
      expect(inactive.body.plans.map((p: { name: string }) => p.name)).toEqual(['charlie', 'echo']);

      for (const bad of ['DONE', 'active', '', 'ACTIVE&status=INACTIVE']) {
        const response = await api.get(owner, `/api/child/${child}/${kind}/list?status=${bad}`);
        expect([response.status, response.body]).toEqual([
          400,
          { error: `status: ${PlanMessages.planStatusInvalid}` },
        ]);
        const set = await api.post(owner, statusPath(ids.Bravo, bad));
        expect([set.status, set.body]).toEqual([400, { error: `status: ${PlanMessages.planStatusInvalid}` }]);
      }
      await api.post(owner, `/api/${kind}/${ids.Bravo}/set-status`).then((r) => expect(r.status).toBe(400));
    });

    it('set-status finds the child through the object: 404 unknown, 403 for a stranger or a therapist', async () => {
      const id = await api.createPlan(owner, childId, kind, 'Status rights');
      await api
        .post(owner, statusPath(randomUUID(), 'ACTIVE'))
        .then((r) => expect([r.status, r.body]).toEqual([404, { error: messages.notFound }]));
      await api.post(owner, statusPath('garbage', 'ACTIVE')).then((r) => expect(r.status).toBe(404));
      await api
        .post(stranger, statusPath(id, 'COMPLETED'))
        .then((r) => expect([r.status, r.body]).toEqual([403, { error: ChildMessages.noChildAccess }]));
      await api
        .post(therapist, statusPath(id, 'COMPLETED'))
        .then((r) => expect([r.status, r.body]).toEqual([403, { error: ChildMessages.actionNotAllowed }]));
      await api.post(coordinator, statusPath(id, 'COMPLETED')).then((r) => expect(r.status).toBe(200));
    });

    it('lets owners and coordinators change plans; therapists only read', async () => {
      await api
        .post(therapist, `${base()}/create`, { name: 'T', description: 'd' })
        .then((r) => expect([r.status, r.body]).toEqual([403, { error: ChildMessages.actionNotAllowed }]));
      const id = await api.createPlan(coordinator, childId, kind, 'By the coordinator');
      await api.post(therapist, `${base()}/${id}/delete`).then((r) => expect(r.status).toBe(403));
      await api.get(therapist, `${base()}/list`).then((r) => expect(r.status).toBe(200));
      await api
        .get(stranger, `${base()}/list`)
        .then((r) => expect([r.status, r.body]).toEqual([403, { error: ChildMessages.noChildAccess }]));
      const deleted = await api.post(coordinator, `${base()}/${id}/delete`);
      expect([deleted.status, deleted.body]).toEqual([200, { message: messages.deleted }]);
      await api.get(owner, `${base()}/${id}`).then((r) => expect(r.status).toBe(404));
      await api.post(owner, `${base()}/${id}/delete`).then((r) => expect(r.status).toBe(404));
    });
  });

  describe('GET /api/sub-plan/list?child_id=', () => {
    it("lists the child's sub-plans for anyone with access", async () => {
      const child = await createChild(therapy, owner, { first_name: 'Query' });
      await addHelper(therapy, owner, child, therapist.email, 'THERAPIST');
      const b = await api.createPlan(owner, child, 'sub-plan', 'B');
      const a = await api.createPlan(owner, child, 'sub-plan', 'A');
      const response = await api.get(therapist, `/api/sub-plan/list?child_id=${child}`);
      expect(response.status).toBe(200);
      expect(response.body.plans.map((p: { id: string }) => p.id)).toEqual([a, b]);
      await api.get(stranger, `/api/sub-plan/list?child_id=${child}`).then((r) => expect(r.status).toBe(403));
      await api
        .get(owner, '/api/sub-plan/list')
        .then((r) => expect([r.status, r.body]).toEqual([404, { error: ChildMessages.childNotFound }]));
      await api
        .get(owner, `/api/sub-plan/list?child_id=${child}&status=NOPE`)
        .then((r) => expect(r.status).toBe(400));
    });
  });

  describe('sub-plans in plans (many-to-many)', () => {
    it('attaches a sub-plan to several plans, detaches without deleting, keeps sub-plans when a plan goes', async () => {
      const planA = await api.createPlan(owner, childId, 'plan', 'Plan A');
      const planB = await api.createPlan(owner, childId, 'plan', 'Plan B');
      const shared = await api.createPlan(owner, childId, 'sub-plan', 'Shared');
      const item = await api.createItem(owner, shared, 'Says hello');

      const attached = await api.post(coordinator, `/api/child/${childId}/plan/${planA}/add-sub-plan`, {
        sub_plan_id: shared,
      });
      expect([attached.status, attached.body]).toEqual([201, { message: PlanMessages.subPlanAttached }]);
      await api.attach(owner, childId, planB, shared);
      const again = await api.post(owner, `/api/child/${childId}/plan/${planA}/add-sub-plan`, {
        sub_plan_id: shared,
      });
      expect([again.status, again.body]).toEqual([409, { error: PlanMessages.subPlanAlreadyAttached }]);

      for (const plan of [planA, planB]) {
        const view = await api.get(therapist, `/api/child/${childId}/plan/${plan}/detailed-view`);
        expect(view.body.sub_plans.map((s: { id: string }) => s.id)).toEqual([shared]);
        const read = await api.get(therapist, `/api/child/${childId}/plan/${plan}`);
        expect(read.body.plan_items.map((i: { id: string }) => i.id)).toEqual([item]);
      }

      const detached = await api.post(coordinator, `/api/plan/${planA}/sub-plan/${shared}/delete`);
      expect([detached.status, detached.body]).toEqual([200, { message: PlanMessages.subPlanDetached }]);
      await api
        .post(owner, `/api/plan/${planA}/sub-plan/${shared}/delete`)
        .then((r) => expect([r.status, r.body]).toEqual([404, { error: PlanMessages.subPlanNotAttached }]));
      await api
        .get(owner, `/api/child/${childId}/plan/${planA}/detailed-view`)
        .then((r) => expect(r.body.sub_plans).toEqual([]));
      await api
        .get(owner, `/api/child/${childId}/sub-plan/${shared}`)
        .then((r) => expect(r.status).toBe(200));

      await api
        .post(owner, `/api/child/${childId}/plan/${planB}/delete`)
        .then((r) => expect(r.status).toBe(200));
      const subPlan = await api.get(owner, `/api/child/${childId}/sub-plan/${shared}/detailed-view`);
      expect(subPlan.status).toBe(200);
      expect(subPlan.body.items.map((i: { id: string }) => i.id)).toEqual([item]);
    });

    it('deleting a sub-plan deletes its items and their evaluations, and leaves the plans', async () => {
      const plan = await api.createPlan(owner, childId, 'plan', 'Keeps going');
      const subPlan = await api.createPlan(owner, childId, 'sub-plan', 'Goes away');
      await api.attach(owner, childId, plan, subPlan);
      const item = await api.createItem(owner, subPlan, 'Jumps');
      await api.evaluate(therapist, item, 'YES');
      await api
        .post(owner, `/api/child/${childId}/sub-plan/${subPlan}/delete`)
        .then((r) => expect(r.status).toBe(200));
      expect(await therapy.sql('select 1 from "therapy"."sub_plan_item" where "id" = ?', [item])).toEqual([]);
      expect(
        await therapy.sql('select 1 from "therapy"."item_evaluation" where "item_id" = ?', [item]),
      ).toEqual([]);
      const view = await api.get(owner, `/api/child/${childId}/plan/${plan}/detailed-view`);
      expect([view.status, view.body.sub_plans]).toEqual([200, []]);
    });

    it("refuses another child's sub-plan or plan, unknown ids, therapists and bad bodies", async () => {
      const plan = await api.createPlan(owner, childId, 'plan', 'Guarded');
      const foreignSub = await api.createPlan(owner, otherChildId, 'sub-plan', 'Foreign sub');
      const foreignPlan = await api.createPlan(owner, otherChildId, 'plan', 'Foreign plan');
      const mine = await api.createPlan(owner, childId, 'sub-plan', 'Mine');
      const attach = (user: TestUser, planId: string, body: unknown) =>
        api.post(user, `/api/child/${childId}/plan/${planId}/add-sub-plan`, body);

      await attach(owner, plan, { sub_plan_id: foreignSub }).then((r) =>
        expect([r.status, r.body]).toEqual([404, { error: PlanMessages.subPlanNotFound }]),
      );
      await attach(owner, foreignPlan, { sub_plan_id: mine }).then((r) =>
        expect([r.status, r.body]).toEqual([404, { error: PlanMessages.planNotFound }]),
      );
      await attach(owner, plan, { sub_plan_id: randomUUID() }).then((r) => expect(r.status).toBe(404));
      await attach(therapist, plan, { sub_plan_id: mine }).then((r) => expect(r.status).toBe(403));
      for (const body of [{}, { sub_plan_id: 'x' }, { sub_plan_id: 7 }]) {
        const response = await attach(owner, plan, body);
        expect(response.status).toBe(400);
        expect(response.body.error).toMatch(/^sub_plan_id: /);
      }
      // detaching: the plan decides the child
      await api
        .post(owner, `/api/plan/${foreignPlan}/sub-plan/${foreignSub}/delete`)
        .then((r) => expect(r.status).toBe(404));
      await api
        .post(stranger, `/api/plan/${plan}/sub-plan/${mine}/delete`)
        .then((r) => expect([r.status, r.body]).toEqual([403, { error: ChildMessages.noChildAccess }]));
      await api
        .post(therapist, `/api/plan/${plan}/sub-plan/${mine}/delete`)
        .then((r) => expect(r.status).toBe(403));
      await api
        .post(owner, `/api/plan/${randomUUID()}/sub-plan/${mine}/delete`)
        .then((r) => expect([r.status, r.body]).toEqual([404, { error: PlanMessages.planNotFound }]));
      await api
        .post(owner, `/api/plan/${plan}/sub-plan/garbage/delete`)
        .then((r) => expect(r.status).toBe(404));
    });
  });

  it('erasing a deleted child deletes its plans, sub-plans, items and evaluations', async () => {
    const child = await createChild(therapy, owner, { first_name: 'Gone' });
    const plan = await api.createPlan(owner, child, 'plan', 'P');
    const subPlan = await api.createPlan(owner, child, 'sub-plan', 'S');
    await api.attach(owner, child, plan, subPlan);
    const item = await api.createItem(owner, subPlan, 'I');
    await api.evaluate(owner, item, 'NO');
    await api.post(owner, `/api/child/${child}/delete`).then((r) => expect(r.status).toBe(200));
    await therapy.eraseDeletedChild(child);
    for (const table of ['plan', 'sub_plan']) {
      expect(await therapy.sql(`select 1 from "therapy"."${table}" where "child_id" = ?`, [child])).toEqual(
        [],
      );
    }
    expect(
      await therapy.sql('select 1 from "therapy"."item_evaluation" where "child_id" = ?', [child]),
    ).toEqual([]);
  });
});
