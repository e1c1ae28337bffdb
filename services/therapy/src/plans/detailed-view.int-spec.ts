import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { PlanLimits, PlanMessages, type DetailedSubPlan, type EvaluatedItem } from '@aba/contracts/api';
import { countStatements, secondReplica } from '../testing/kept-views.js';
import { plansClient } from '../testing/plans-client.js';
import {
  addHelper,
  createChild,
  startTherapy,
  type TestUser,
  type TherapyHarness,
} from '../testing/therapy-harness.js';

describe('detailed views', () => {
  let therapy: TherapyHarness;
  let api: ReturnType<typeof plansClient>;
  let owner: TestUser;
  let therapist: TestUser;
  let childId: string;

  beforeAll(async () => {
    therapy = await startTherapy();
    api = plansClient(therapy);
    owner = await therapy.registerUser({ firstName: 'Olga', lastName: 'Owner' });
    therapist = await therapy.registerUser({ firstName: 'Tudor', lastName: 'Ter', role: 'THERAPIST' });
    childId = await createChild(therapy, owner);
    await addHelper(therapy, owner, childId, therapist.email, 'THERAPIST');
  });

  afterAll(() => therapy.close());

  /** A plan with `subPlans` sub-plans of `items` items, each with `evaluations` evaluations (written in SQL). */
  async function planOfSize(subPlans: number, items: number, evaluations: number): Promise<string> {
    const planId = await api.createPlan(owner, childId, 'plan', `Plan ${subPlans}×${items}×${evaluations}`);
    for (let s = 0; s < subPlans; s++) {
      const subPlanId = await api.createPlan(owner, childId, 'sub-plan', `Sub ${s}`);
      await api.attach(owner, childId, planId, subPlanId);
      await therapy.sql(
        `insert into "therapy"."sub_plan_item" ("id", "sub_plan_id", "description", "status", "created_at")
         select gen_random_uuid(), ?, 'Item ' || n,
                (array['IN_LEARNING','IN_GENERALIZATION','FINISHED'])[1 + n % 3], now() + n * interval '1 second'
           from generate_series(1, ?) n`,
        [subPlanId, items],
      );
      await therapy.insertEvaluations(
        `select gen_random_uuid() as "id", i."id" as "item_id", ?::uuid as "child_id",
                case when n % 2 = 0 then 'YES' else 'NO' end as "result", ?::uuid as "user_id",
                now() - n * interval '1 minute' as "created_at"
           from "therapy"."sub_plan_item" i cross join generate_series(1, ?) n
          where i."sub_plan_id" = ?`,
        [childId, therapist.id, evaluations, subPlanId],
      );
    }
    return planId;
  }

  it('sends as many statements for a large plan as for a small one (no N+1)', async () => {
    const small = await planOfSize(1, 1, 1);
    const large = await planOfSize(12, 15, 9);
    const view =
      (planId: string, query = '') =>
      async () => {
        const response = await api.get(
          therapist,
          `/api/child/${childId}/plan/${planId}/detailed-view${query}`,
        );
        expect(response.status).toBe(200);
        return response;
      };
    const smallStatements = await countStatements(therapy, view(small));
    const largeStatements = await countStatements(therapy, view(large));
    const filteredStatements = await countStatements(therapy, view(large, '?items_status=IN_LEARNING'));
    // access (relation with the licence) and the view's own two statements
    expect(largeStatements.length).toBe(smallStatements.length);
    expect(filteredStatements.length).toBe(smallStatements.length);
    expect(smallStatements.length).toBeLessThanOrEqual(4);
    process.stdout.write(
      `detailed-view statements: 1×1×1 → ${smallStatements.length}, 12×15×9 → ${largeStatements.length}, filtered → ${filteredStatements.length}\n`,
    );

    const body = (await view(large)()).body as { sub_plans: DetailedSubPlan[] };
    expect(body.sub_plans).toHaveLength(12);
    for (const subPlan of body.sub_plans) {
      expect(subPlan.items).toHaveLength(15);
      for (const item of subPlan.items) {
        expect(item.evaluations).toHaveLength(PlanLimits.lastEvaluationsInPlan);
        const dates = item.evaluations.map((e) => e.date);
        expect([...dates].sort().reverse()).toEqual(dates);
        expect(item.evaluations[0]).toMatchObject({
          user_first_name: 'Tudor',
          user_last_name: 'Ter',
          item_id: item.id,
        });
      }
    }
    // the view's evaluations (JSON built by Postgres) read exactly as the history call's (built by the service)
    const someItem = body.sub_plans[3].items[7];
    const history = await api.get(therapist, `/api/sub-plan-item/${someItem.id}/evaluations?limit=5`);
    expect(history.body.evaluations).toEqual(someItem.evaluations);
    const plain = await api.get(therapist, `/api/child/${childId}/plan/${large}`);
    const plainItem = plain.body.plan_items.find((i: EvaluatedItem) => i.id === someItem.id);
    expect({ ...plainItem, evaluations: someItem.evaluations }).toEqual(someItem);

    const tinySub = await api.createPlan(owner, childId, 'sub-plan', 'Tiny');
    await api.evaluate(therapist, await api.createItem(owner, tinySub, 'Only one'), 'YES');
    const subView = (subPlanId: string) => () =>
      api.get(owner, `/api/child/${childId}/sub-plan/${subPlanId}/detailed-view`);
    const subLarge = await countStatements(therapy, subView(body.sub_plans[0].id));
    const subTiny = await countStatements(therapy, subView(tinySub));
    expect(subLarge.length).toBe(subTiny.length);
    process.stdout.write(
      `sub-plan detailed-view statements: 15 items × 9 → ${subLarge.length}, 1 × 1 → ${subTiny.length}\n`,
    );
  });

  it('filters items by status; absent = every item; a bad status is 400', async () => {
    const planId = await planOfSize(2, 6, 1);
    const items = async (query: string) => {
      const response = await api.get(owner, `/api/child/${childId}/plan/${planId}/detailed-view${query}`);
      expect(response.status).toBe(200);
      return (response.body.sub_plans as DetailedSubPlan[]).flatMap((s) => s.items);
    };
    expect(await items('')).toHaveLength(12);
    for (const status of ['IN_LEARNING', 'IN_GENERALIZATION', 'FINISHED']) {
      const filtered = await items(`?items_status=${status}`);
      expect(filtered).toHaveLength(4);
      expect(filtered.every((item: EvaluatedItem) => item.status === status)).toBe(true);
    }
    // an item whose status changes leaves the filtered view
    const learning = await items('?items_status=IN_LEARNING');
    await api
      .post(owner, `/api/sub-plan-item/${learning[0].id}/set-status?status=FINISHED`)
      .then((r) => expect(r.status).toBe(200));
    expect((await items('?items_status=IN_LEARNING')).map((i) => i.id)).not.toContain(learning[0].id);

    for (const bad of ['DONE', 'in_learning']) {
      const response = await api.get(
        owner,
        `/api/child/${childId}/plan/${planId}/detailed-view?items_status=${bad}`,
      );
      expect([response.status, response.body]).toEqual([
        400,
        { error: `items_status: ${PlanMessages.itemStatusInvalid}` },
      ]);
    }
  });

  it('orders sub-plans ACTIVE, INACTIVE, COMPLETED, then name; the sub-plan view keeps the last 100 evaluations', async () => {
    const planId = await api.createPlan(owner, childId, 'plan', 'Ordering');
    const ids: Record<string, string> = {};
    for (const name of ['b', 'a', 'c']) {
      ids[name] = await api.createPlan(owner, childId, 'sub-plan', name);
      await api.attach(owner, childId, planId, ids[name]);
    }
    await api.post(owner, `/api/sub-plan/${ids.a}/set-status?status=COMPLETED`);
    const view = await api.get(owner, `/api/child/${childId}/plan/${planId}/detailed-view`);
    expect(view.body.sub_plans.map((s: { name: string }) => s.name)).toEqual(['b', 'c', 'a']);
    expect(view.body.plan).toMatchObject({ id: planId, name: 'Ordering', status: 'ACTIVE' });

    const item = await api.createItem(owner, ids.b, 'Lots');
    await therapy.insertEvaluations(
      `select gen_random_uuid() as "id", ?::uuid as "item_id", ?::uuid as "child_id", 'YES' as "result",
              ?::uuid as "user_id", now() - n * interval '1 minute' as "created_at" from generate_series(1, 120) n`,
      [item, childId, owner.id],
    );
    const sub = await api.get(therapist, `/api/child/${childId}/sub-plan/${ids.b}/detailed-view`);
    expect(sub.status).toBe(200);
    expect(sub.body.sub_plan).toMatchObject({ id: ids.b, name: 'b' });
    expect(sub.body.items).toHaveLength(1);
    expect(sub.body.items[0].evaluations).toHaveLength(PlanLimits.lastEvaluationsInSubPlan);
    expect(sub.body.items[0].evaluations[0].user_first_name).toBe('Olga');
  });

  it("with since, each item counts its evaluations from that instant on (today's trials), filtered or not", async () => {
    const planId = await api.createPlan(owner, childId, 'plan', 'Today');
    const subPlanId = await api.createPlan(owner, childId, 'sub-plan', 'Trials');
    await api.attach(owner, childId, planId, subPlanId);
    const busy = await api.createItem(owner, subPlanId, 'Busy');
    const quiet = await api.createItem(owner, subPlanId, 'Quiet');
    // 8 trials today (more than the 5 the view lists), 3 yesterday; none at all for Quiet today.
    await therapy.insertEvaluations(
      `select gen_random_uuid() as "id", ?::uuid as "item_id", ?::uuid as "child_id", 'YES' as "result", ?::uuid as "user_id",
              '2026-11-24T08:00:00Z'::timestamptz + n * interval '1 minute' as "created_at"
         from generate_series(1, 8) n
       union all
       select gen_random_uuid(), ?::uuid, ?::uuid, 'NO', ?::uuid, '2026-11-23T21:00:00Z'::timestamptz + n * interval '1 minute'
         from generate_series(1, 3) n`,
      [busy, childId, therapist.id, quiet, childId, therapist.id],
    );
    const counts = async (query: string) => {
      const response = await api.get(therapist, `/api/child/${childId}/plan/${planId}/detailed-view${query}`);
      expect(response.status).toBe(200);
      const items = (response.body.sub_plans as DetailedSubPlan[]).flatMap((s) => s.items);
      return Object.fromEntries(items.map((item) => [item.description, item.evaluations_since]));
    };
    // The same instant with its offset; an earlier midnight (a zone further east) takes in Quiet's evening trials.
    expect(await counts('?since=2026-11-24T00:00:00Z')).toEqual({ Busy: 8, Quiet: 0 });
    expect(await counts('?since=2026-11-24T00:00:00%2B02:00')).toEqual({ Busy: 8, Quiet: 0 });
    expect(await counts('?since=2026-11-23T21:00:00.000Z')).toEqual({ Busy: 8, Quiet: 3 });
    expect(await counts('?items_status=IN_LEARNING&since=2026-11-24T08:05:00Z')).toEqual({
      Busy: 4,
      Quiet: 0,
    });
    // Without since the view is as the spec has it: no count.
    expect(await counts('')).toEqual({ Busy: undefined, Quiet: undefined });
    for (const bad of ['2026-11-24', 'today', '2026-11-24T00:00:00']) {
      const response = await api.get(
        owner,
        `/api/child/${childId}/plan/${planId}/detailed-view?since=${bad}`,
      );
      expect([response.status, response.body]).toEqual([
        400,
        { error: `since: ${PlanMessages.sinceInvalid}` },
      ]);
    }
  });

  it('a view kept by a replica shows every write committed since, made on it, on another replica or in SQL', async () => {
    const other = await secondReplica(therapy);
    try {
      const planId = await api.createPlan(owner, childId, 'plan', 'Kept');
      const subPlanId = await api.createPlan(owner, childId, 'sub-plan', 'Kept sub');
      await api.attach(owner, childId, planId, subPlanId);
      const itemId = await api.createItem(owner, subPlanId, 'Kept item');
      const path = `/api/child/${childId}/plan/${planId}/detailed-view`;
      type View = { plan: { name: string }; sub_plans: DetailedSubPlan[] };
      const read = async (app: INestApplication, query = ''): Promise<View> => {
        const response = await request(app.getHttpServer())
          .get(`${path}${query}`)
          .set(await therapy.headers(therapist));
        expect(response.status).toBe(200);
        return response.body as View;
      };
      const item = (view: View) => view.sub_plans[0]?.items[0];
      /** Both replicas, each read twice (the second one from what it kept), see `check` hold. */
      const everywhere = async (check: (view: View) => void, query = '') => {
        for (const app of [therapy.app, other, therapy.app, other]) check(await read(app, query));
      };

      await everywhere((view) => expect(item(view).evaluations).toEqual([]));
      // gzip to a client that takes it (supertest does), the same JSON as text to one that does not
      const encoded = async (acceptEncoding: string) => {
        const response = await request(therapy.app.getHttpServer())
          .get(path)
          .set({ ...(await therapy.headers(therapist)), 'accept-encoding': acceptEncoding });
        return [response.headers['content-encoding'], response.headers['content-type'], response.body];
      };
      const plain = await encoded('identity');
      expect(plain.slice(0, 2)).toEqual([undefined, 'application/json; charset=utf-8']);
      expect(await encoded('gzip, deflate')).toEqual(['gzip', 'application/json; charset=utf-8', plain[2]]);
      // kept: a read with nothing written since builds nothing
      expect(await countStatements(therapy, () => read(therapy.app))).toEqual([]);

      const first = await request(other.getHttpServer())
        .post(`/api/sub-plan-item/${itemId}/evaluation/create`)
        .set(await therapy.headers(therapist))
        .send({ result: 'YES' });
      expect(first.status).toBe(201);
      await everywhere((view) => expect(item(view).evaluations.map((e) => e.result)).toEqual(['YES']));

      // one statement writing many rows (the child's trials of the earlier tests) moves its version once
      const version = async () => {
        const [row] = await therapy.sql<{ version: string }>(
          `select sum("version") as "version" from "therapy"."view_version" where "child_id" = ?`,
          [childId],
        );
        return Number(row.version);
      };
      const before = await version();
      await therapy.sql(`update "therapy"."item_evaluation" set "result" = "result" where "child_id" = ?`, [
        childId,
      ]);
      expect(await version()).toBe(before + 1);

      await therapy.sql(`update "therapy"."item_evaluation" set "result" = 'NO' where "item_id" = ?`, [
        itemId,
      ]);
      await everywhere((view) => expect(item(view).evaluations.map((e) => e.result)).toEqual(['NO']));

      await therapy.insertEvaluations(
        `select gen_random_uuid() as "id", ?::uuid as "item_id", ?::uuid as "child_id", 'YES' as "result",
                ?::uuid as "user_id", now() + interval '1 minute' as "created_at"`,
        [itemId, childId, owner.id],
      );
      await everywhere((view) => expect(item(view).evaluations[0].user_first_name).toBe('Olga'));
      await therapy.sql(`update "therapy"."directory_user" set "first_name" = 'Oana' where "id" = ?`, [
        owner.id,
      ]);
      await everywhere((view) => expect(item(view).evaluations[0].user_first_name).toBe('Oana'));
      await therapy.sql(`update "therapy"."directory_user" set "first_name" = 'Olga' where "id" = ?`, [
        owner.id,
      ]);

      await therapy.sql(`delete from "therapy"."item_evaluation" where "item_id" = ? and "result" = 'NO'`, [
        itemId,
      ]);
      await everywhere((view) => expect(item(view).evaluations.map((e) => e.result)).toEqual(['YES']));

      // a new day: the count since the child's midnight is another view
      const now = Date.now();
      await everywhere(
        (view) => expect(item(view).evaluations_since).toBe(1),
        `?since=${new Date(now).toISOString()}`,
      );
      await everywhere(
        (view) => expect(item(view).evaluations_since).toBe(0),
        `?since=${new Date(now + 3_600_000).toISOString()}`,
      );

      expect((await api.post(owner, `/api/sub-plan-item/${itemId}/set-status?status=FINISHED`)).status).toBe(
        200,
      );
      await everywhere((view) => expect(item(view).status).toBe('FINISHED'));
      await everywhere((view) => expect(view.sub_plans[0].items).toEqual([]), '?items_status=IN_LEARNING');

      await therapy.sql(
        `update "therapy"."sub_plan_item" set "description" = 'Renamed item' where "id" = ?`,
        [itemId],
      );
      await everywhere((view) => expect(item(view).description).toBe('Renamed item'));
      await therapy.sql(`update "therapy"."sub_plan" set "name" = 'Renamed sub' where "id" = ?`, [subPlanId]);
      await everywhere((view) => expect(view.sub_plans[0].name).toBe('Renamed sub'));
      await therapy.sql(`update "therapy"."plan" set "name" = 'Renamed plan' where "id" = ?`, [planId]);
      await everywhere((view) => expect(view.plan.name).toBe('Renamed plan'));
      await therapy.sql(`delete from "therapy"."sub_plan_item" where "id" = ?`, [itemId]);
      await everywhere((view) => expect(view.sub_plans[0].items).toEqual([]));
      await therapy.sql(`delete from "therapy"."plan_sub_plan" where "plan_id" = ?`, [planId]);
      await everywhere((view) => expect(view.sub_plans).toEqual([]));
    } finally {
      await other.close();
    }
  });
});
