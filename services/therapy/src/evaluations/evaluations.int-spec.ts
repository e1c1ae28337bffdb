import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { ChildMessages, PlanLimits, PlanMessages } from '@aba/contracts/api';
import { plansClient } from '../testing/plans-client.js';
import {
  addHelper,
  createChild,
  startTherapy,
  type TestUser,
  type TherapyHarness,
} from '../testing/therapy-harness.js';

describe('items and evaluations', () => {
  let therapy: TherapyHarness;
  let api: ReturnType<typeof plansClient>;
  let owner: TestUser;
  let coordinator: TestUser;
  let therapist: TestUser;
  let otherTherapist: TestUser;
  let stranger: TestUser;
  let childId: string;
  let otherChildId: string;
  let planId: string;
  let subPlanId: string;
  let foreignItem: string;

  beforeAll(async () => {
    therapy = await startTherapy();
    api = plansClient(therapy);
    owner = await therapy.registerUser({ firstName: 'Olga', lastName: 'Owner' });
    coordinator = await therapy.registerUser({ firstName: 'Cora', lastName: 'Coord', role: 'COORDINATOR' });
    therapist = await therapy.registerUser({ firstName: 'Tudor', lastName: 'Ter', role: 'THERAPIST' });
    otherTherapist = await therapy.registerUser({ firstName: 'Tina', lastName: 'Two', role: 'THERAPIST' });
    stranger = await therapy.registerUser({ firstName: 'Sorin' });
    childId = await createChild(therapy, owner);
    otherChildId = await createChild(therapy, owner, { first_name: 'Other' });
    await addHelper(therapy, owner, childId, coordinator.email, 'ADMIN');
    await addHelper(therapy, owner, childId, therapist.email, 'THERAPIST');
    await addHelper(therapy, owner, childId, otherTherapist.email, 'THERAPIST');
    planId = await api.createPlan(owner, childId, 'plan', 'Plan');
    subPlanId = await api.createPlan(owner, childId, 'sub-plan', 'Sub-plan');
    await api.attach(owner, childId, planId, subPlanId);
    const foreignSub = await api.createPlan(owner, otherChildId, 'sub-plan', 'Foreign');
    foreignItem = await api.createItem(owner, foreignSub, 'Not yours');
  });

  afterAll(() => therapy.close());

  describe('POST /api/sub-plan-item/create', () => {
    it('creates an item IN_LEARNING with a trimmed description (owner, coordinator)', async () => {
      const response = await api.post(coordinator, '/api/sub-plan-item/create', {
        description: '  Waves ',
        sub_plan_id: subPlanId,
      });
      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        item: {
          id: expect.any(String),
          description: 'Waves',
          status: 'IN_LEARNING',
          sub_plan_id: subPlanId,
          created_at: expect.any(String),
        },
      });
    });

    it.each([
      ['an empty description', { description: '' }, PlanMessages.itemDescriptionRequired],
      ['a blank description', { description: '   ' }, PlanMessages.itemDescriptionRequired],
      ['no description', {}, PlanMessages.itemDescriptionRequired],
      [
        'a description over 500 characters',
        { description: 'x'.repeat(501) },
        PlanMessages.itemDescriptionTooLong,
      ],
    ])('refuses %s with 400', async (_name, body, message) => {
      const response = await api.post(owner, '/api/sub-plan-item/create', {
        ...body,
        sub_plan_id: subPlanId,
      });
      expect([response.status, response.body]).toEqual([400, { error: message }]);
    });

    it('finds the child through the sub-plan: malformed 400, unknown 404, stranger 403, therapist 403', async () => {
      const create = (user: TestUser, sub: unknown) =>
        api.post(user, '/api/sub-plan-item/create', { description: 'x', sub_plan_id: sub });
      await create(owner, randomUUID()).then((r) =>
        expect([r.status, r.body]).toEqual([404, { error: PlanMessages.subPlanNotFound }]),
      );
      // A sub_plan_id that cannot name a sub-plan is refused with the body, before any lookup.
      for (const malformed of ['garbage', undefined]) {
        await create(owner, malformed).then((r) =>
          expect([r.status, r.body]).toEqual([400, { error: expect.stringMatching(/^sub_plan_id: /) }]),
        );
      }
      await create(stranger, subPlanId).then((r) =>
        expect([r.status, r.body]).toEqual([403, { error: ChildMessages.noChildAccess }]),
      );
      await create(therapist, subPlanId).then((r) =>
        expect([r.status, r.body]).toEqual([403, { error: ChildMessages.actionNotAllowed }]),
      );
    });
  });

  describe('item status and delete', () => {
    it('sets the status (validated) and deletes the item with its evaluations', async () => {
      const item = await api.createItem(owner, subPlanId, 'Claps');
      const set = await api.post(
        coordinator,
        `/api/sub-plan-item/${item}/set-status?status=IN_GENERALIZATION`,
      );
      expect([set.status, set.body.item.status]).toEqual([200, 'IN_GENERALIZATION']);
      for (const bad of ['DONE', 'in_learning', '']) {
        const response = await api.post(owner, `/api/sub-plan-item/${item}/set-status?status=${bad}`);
        expect([response.status, response.body]).toEqual([
          400,
          { error: `status: ${PlanMessages.itemStatusInvalid}` },
        ]);
      }
      await api
        .post(therapist, `/api/sub-plan-item/${item}/set-status?status=FINISHED`)
        .then((r) => expect(r.status).toBe(403));
      await api
        .post(stranger, `/api/sub-plan-item/${item}/set-status?status=FINISHED`)
        .then((r) => expect(r.status).toBe(403));

      await api.evaluate(therapist, item, 'YES');
      await api.post(therapist, `/api/sub-plan-item/${item}/delete`).then((r) => expect(r.status).toBe(403));
      const deleted = await api.post(owner, `/api/sub-plan-item/${item}/delete`);
      expect([deleted.status, deleted.body]).toEqual([200, { message: PlanMessages.itemDeleted }]);
      expect(
        await therapy.sql('select 1 from "therapy"."item_evaluation" where "item_id" = ?', [item]),
      ).toEqual([]);
      await api
        .post(owner, `/api/sub-plan-item/${item}/delete`)
        .then((r) => expect([r.status, r.body]).toEqual([404, { error: PlanMessages.itemNotFound }]));
      await api
        .post(owner, `/api/sub-plan-item/nope/set-status?status=FINISHED`)
        .then((r) => expect(r.status).toBe(404));
    });
  });

  describe('evaluations', () => {
    it('records YES/NO with author and time, on the item path (no plan) and the plan path (with the plan)', async () => {
      const item = await api.createItem(owner, subPlanId, 'Names colours');
      const before = Date.now();
      const direct = await api.post(therapist, `/api/sub-plan-item/${item}/evaluation/create`, {
        result: 'YES',
      });
      expect(direct.status).toBe(201);
      expect(direct.body.evaluation).toEqual({
        id: expect.any(String),
        result: 'YES',
        date: expect.any(String),
        user_id: therapist.id,
        user_first_name: 'Tudor',
        user_last_name: 'Ter',
        item_id: item,
        plan_id: null,
      });
      expect(Date.parse(direct.body.evaluation.date)).toBeGreaterThanOrEqual(before - 1000);

      const inPlan = await api.post(
        therapist,
        `/api/child/${childId}/plan/${planId}/item/${item}/evaluation/create`,
        { result: 'NO' },
      );
      expect(inPlan.status).toBe(201);
      expect(inPlan.body.evaluation).toMatchObject({
        result: 'NO',
        plan_id: planId,
        user_first_name: 'Tudor',
      });

      const history = await api.get(coordinator, `/api/sub-plan-item/${item}/evaluations`);
      expect(history.status).toBe(200);
      expect(history.body.evaluations.map((e: { result: string }) => e.result)).toEqual(['NO', 'YES']);
    });

    it.each([
      ['MAYBE', { result: 'MAYBE' }],
      ['lower case', { result: 'yes' }],
      ['a boolean', { result: true }],
      ['nothing', {}],
    ])('refuses a result of %s with 400 naming YES and NO', async (_name, body) => {
      const item = await api.createItem(owner, subPlanId, 'Bad results');
      for (const path of [
        `/api/sub-plan-item/${item}/evaluation/create`,
        `/api/child/${childId}/plan/${planId}/item/${item}/evaluation/create`,
      ]) {
        const response = await api.post(therapist, path, body);
        expect([response.status, response.body]).toEqual([
          400,
          { error: `result: ${PlanMessages.resultInvalid}` },
        ]);
      }
    });

    it("refuses another child's item and items outside the plan", async () => {
      const loose = await api.createPlan(owner, childId, 'sub-plan', 'Not in the plan');
      const looseItem = await api.createItem(owner, loose, 'Loose');
      const path = (plan: string, item: string) =>
        `/api/child/${childId}/plan/${plan}/item/${item}/evaluation/create`;
      await api
        .post(therapist, path(planId, looseItem), { result: 'YES' })
        .then((r) => expect([r.status, r.body]).toEqual([404, { error: PlanMessages.itemNotFound }]));
      await api
        .post(therapist, path(planId, foreignItem), { result: 'YES' })
        .then((r) => expect(r.status).toBe(404));
      await api
        .post(therapist, path(randomUUID(), looseItem), { result: 'YES' })
        .then((r) => expect(r.status).toBe(404));
      await api.post(therapist, path('x', 'y'), { result: 'YES' }).then((r) => expect(r.status).toBe(404));
      // the item path: the item decides the child
      await api
        .post(therapist, `/api/sub-plan-item/${foreignItem}/evaluation/create`, { result: 'YES' })
        .then((r) => expect([r.status, r.body]).toEqual([403, { error: ChildMessages.noChildAccess }]));
      await api
        .post(therapist, `/api/sub-plan-item/${randomUUID()}/evaluation/create`, { result: 'YES' })
        .then((r) => expect(r.status).toBe(404));
      await api
        .get(therapist, `/api/sub-plan-item/${foreignItem}/evaluations`)
        .then((r) => expect(r.status).toBe(403));
      expect(
        await therapy.sql('select 1 from "therapy"."item_evaluation" where "item_id" = ?', [foreignItem]),
      ).toEqual([]);
    });

    it('history honours limit: default 20, at most 100, 400 otherwise', async () => {
      const item = await api.createItem(owner, subPlanId, 'Many');
      await therapy.insertEvaluations(
        `select gen_random_uuid() as "id", ?::uuid as "item_id", ?::uuid as "child_id",
                case when n % 2 = 0 then 'YES' else 'NO' end as "result", ?::uuid as "user_id",
                now() - n * interval '1 minute' as "created_at"
           from generate_series(1, 130) n`,
        [item, childId, therapist.id],
      );
      const count = async (query: string) => {
        const response = await api.get(therapist, `/api/sub-plan-item/${item}/evaluations${query}`);
        expect(response.status).toBe(200);
        return response.body.evaluations as { date: string }[];
      };
      expect((await count('')).length).toBe(PlanLimits.evaluationHistoryDefault);
      expect((await count('?limit=7')).length).toBe(7);
      const hundred = await count('?limit=100');
      expect(hundred.length).toBe(100);
      const dates = hundred.map((e) => e.date);
      expect([...dates].sort().reverse()).toEqual(dates);
      for (const bad of ['0', '101', 'x', '-3', '2.5']) {
        const response = await api.get(therapist, `/api/sub-plan-item/${item}/evaluations?limit=${bad}`);
        expect([response.status, response.body]).toEqual([
          400,
          { error: `limit: ${PlanMessages.limitInvalid}` },
        ]);
      }
    });

    it('therapists delete their own evaluations; owners and coordinators any', async () => {
      const item = await api.createItem(owner, subPlanId, 'Deletions');
      const mine = await api.evaluate(therapist, item, 'YES');
      const theirs = await api.evaluate(otherTherapist, item, 'NO');
      const byCoordinator = await api.evaluate(coordinator, item, 'YES');
      const del = (user: TestUser, id: string) => api.post(user, `/api/item-evaluation/${id}/delete`);

      await del(therapist, theirs).then((r) =>
        expect([r.status, r.body]).toEqual([403, { error: PlanMessages.notYourEvaluation }]),
      );
      await del(therapist, byCoordinator).then((r) => expect(r.status).toBe(403));
      await del(stranger, mine).then((r) =>
        expect([r.status, r.body]).toEqual([403, { error: ChildMessages.noChildAccess }]),
      );
      await del(therapist, mine).then((r) =>
        expect([r.status, r.body]).toEqual([200, { message: PlanMessages.evaluationDeleted }]),
      );
      await del(coordinator, theirs).then((r) => expect(r.status).toBe(200));
      await del(owner, byCoordinator).then((r) => expect(r.status).toBe(200));
      await del(owner, mine).then((r) =>
        expect([r.status, r.body]).toEqual([404, { error: PlanMessages.evaluationNotFound }]),
      );
      await del(owner, 'garbage').then((r) => expect(r.status).toBe(404));
      const history = await api.get(owner, `/api/sub-plan-item/${item}/evaluations`);
      expect(history.body.evaluations).toEqual([]);
    });

    it('set-result corrects the result in place, keeping date, author and plan; who may: as for a delete', async () => {
      const item = await api.createItem(owner, subPlanId, 'Corrections');
      const made = await api.post(
        therapist,
        `/api/child/${childId}/plan/${planId}/item/${item}/evaluation/create`,
        {
          result: 'YES',
        },
      );
      const mine = made.body.evaluation as { id: string; date: string };
      const theirs = await api.evaluate(otherTherapist, item, 'YES');
      const setResult = (user: TestUser, id: string, body: unknown) =>
        api.post(user, `/api/item-evaluation/${id}/set-result`, body);

      const corrected = await setResult(therapist, mine.id, { result: 'NO' });
      expect([corrected.status, corrected.body]).toEqual([
        200,
        { evaluation: { ...made.body.evaluation, result: 'NO' }, mastery: null },
      ]);
      // In place: still one trial of the therapist's, at its own time.
      const history = await api.get(owner, `/api/sub-plan-item/${item}/evaluations`);
      expect(history.body.evaluations.map((e: { id: string; result: string }) => [e.id, e.result])).toEqual([
        [theirs, 'YES'],
        [mine.id, 'NO'],
      ]);
      // And back (the UI's Undo).
      await setResult(therapist, mine.id, { result: 'YES' }).then((r) =>
        expect([r.status, r.body.evaluation.result, r.body.evaluation.date]).toEqual([200, 'YES', mine.date]),
      );

      await setResult(therapist, theirs, { result: 'NO' }).then((r) =>
        expect([r.status, r.body]).toEqual([403, { error: PlanMessages.notYourEvaluationToChange }]),
      );
      await setResult(stranger, mine.id, { result: 'NO' }).then((r) =>
        expect([r.status, r.body]).toEqual([403, { error: ChildMessages.noChildAccess }]),
      );
      await setResult(coordinator, theirs, { result: 'NO' }).then((r) => expect(r.status).toBe(200));
      await setResult(owner, theirs, { result: 'YES' }).then((r) => expect(r.status).toBe(200));
      for (const body of [{ result: 'MAYBE' }, { result: 'no' }, {}, { result: true }]) {
        await setResult(therapist, mine.id, body).then((r) =>
          expect([r.status, r.body]).toEqual([400, { error: `result: ${PlanMessages.resultInvalid}` }]),
        );
      }
      for (const id of [randomUUID(), 'garbage']) {
        await setResult(owner, id, { result: 'NO' }).then((r) =>
          expect([r.status, r.body]).toEqual([404, { error: PlanMessages.evaluationNotFound }]),
        );
      }
      await api.post(therapist, `/api/item-evaluation/${mine.id}/delete`);
      await setResult(therapist, mine.id, { result: 'NO' }).then((r) => expect(r.status).toBe(404));
      const after = await therapy.sql<{ result: string }>(
        'select "result" from "therapy"."item_evaluation" where "item_id" = ?',
        [item],
      );
      expect(after).toEqual([{ result: 'YES' }]);
    });

    it("GET /api/child/{id}/evaluations lists the child's evaluations (date, result), oldest first, by date range", async () => {
      const child = await createChild(therapy, owner, { first_name: 'Chart' });
      await addHelper(therapy, owner, child, therapist.email, 'THERAPIST');
      const sub = await api.createPlan(owner, child, 'sub-plan', 'S');
      const item = await api.createItem(owner, sub, 'I');
      await therapy.insertEvaluations(
        `select * from (values
           (gen_random_uuid(), ?::uuid, ?::uuid, 'YES', ?::uuid, '2026-03-01T10:00:00Z'::timestamptz),
           (gen_random_uuid(), ?::uuid, ?::uuid, 'NO', ?::uuid, '2026-03-02T23:59:00Z'::timestamptz),
           (gen_random_uuid(), ?::uuid, ?::uuid, 'YES', ?::uuid, '2026-03-03T00:00:00Z'::timestamptz)
         ) v ("id", "item_id", "child_id", "result", "user_id", "created_at")`,
        [item, child, owner.id, item, child, owner.id, item, child, owner.id],
      );
      const all = await api.get(therapist, `/api/child/${child}/evaluations`);
      expect(all.status).toBe(200);
      expect(all.body).toEqual({
        evaluations: [
          { date: '2026-03-01T10:00:00.000Z', result: 'YES' },
          { date: '2026-03-02T23:59:00.000Z', result: 'NO' },
          { date: '2026-03-03T00:00:00.000Z', result: 'YES' },
        ],
      });
      const ranged = await api.get(
        therapist,
        `/api/child/${child}/evaluations?from=2026-03-02&to=2026-03-02`,
      );
      expect(ranged.body.evaluations).toEqual([{ date: '2026-03-02T23:59:00.000Z', result: 'NO' }]);
      for (const bad of ['from=2026-13-01', 'to=yesterday', 'from=2026-03-05&to=2026-03-01']) {
        await api
          .get(therapist, `/api/child/${child}/evaluations?${bad}`)
          .then((r) => expect(r.status).toBe(400));
      }
      await api.get(stranger, `/api/child/${child}/evaluations`).then((r) => expect(r.status).toBe(403));
      const empty = await createChild(therapy, owner, { first_name: 'Empty' });
      await api
        .get(owner, `/api/child/${empty}/evaluations`)
        .then((r) => expect(r.body).toEqual({ evaluations: [] }));
    });

    it('a trial sent late (a phone back online) reads at its capture time: chart, history, detailed view, today count', async () => {
      const child = await createChild(therapy, owner, { first_name: 'Late' });
      await addHelper(therapy, owner, child, therapist.email, 'THERAPIST');
      const plan = await api.createPlan(owner, child, 'plan', 'P');
      const sub = await api.createPlan(owner, child, 'sub-plan', 'S');
      await api.attach(owner, child, plan, sub);
      const item = await api.createItem(owner, sub, 'I');
      const capture = (result: string, captured_at?: string) =>
        api
          .post(therapist, `/api/sub-plan-item/${item}/evaluation/create`, { result, captured_at })
          .then((r) => {
            expect(r.status).toBe(201);
            return r.body.evaluation as { id: string; date: string };
          });
      const today = await capture('YES');
      const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000).toISOString();
      const late = await capture('NO', twoDaysAgo);
      expect(late.date).toBe(twoDaysAgo);

      const chart = await api.get(therapist, `/api/child/${child}/evaluations`);
      expect(chart.body.evaluations).toEqual([
        { date: twoDaysAgo, result: 'NO' },
        { date: today.date, result: 'YES' },
      ]);
      const history = await api.get(therapist, `/api/sub-plan-item/${item}/evaluations`);
      expect(history.body.evaluations.map((e: { id: string }) => e.id)).toEqual([today.id, late.id]);
      const since = new Date(Date.now() - 86_400_000).toISOString();
      const view = await api.get(therapist, `/api/child/${child}/plan/${plan}/detailed-view?since=${since}`);
      expect(view.status).toBe(200);
      const [viewed] = (
        view.body.sub_plans as { items: { evaluations: { id: string }[]; evaluations_since: number }[] }[]
      ).flatMap((subPlan) => subPlan.items);
      expect(viewed.evaluations.map((e) => e.id)).toEqual([today.id, late.id]);
      expect(viewed.evaluations_since).toBe(1);
    });

    it('an unlicensed child answers 402 on these calls', async () => {
      const child = await createChild(therapy, owner, { first_name: 'Unpaid' }, { licensed: false });
      for (const path of [
        `/api/child/${child}/evaluations`,
        `/api/child/${child}/plan/list`,
        `/api/sub-plan/list?child_id=${child}`,
      ]) {
        const response = await api.get(owner, path);
        expect([response.status, response.body]).toEqual([402, { error: 'Child subscription not found' }]);
      }
    });
  });
});
