import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import type { ItemProgressResponse, MasteryCriterion } from '@aba/contracts/api';
import { PLATFORM_CRITERION } from '@aba/mastery';
import { countStatements, secondReplica } from '../testing/kept-views.js';
import { plansClient } from '../testing/plans-client.js';
import {
  addHelper,
  createChild,
  startTherapy,
  type TestUser,
  type TherapyHarness,
} from '../testing/therapy-harness.js';

describe("an item's progress kept by each replica (ADR 0063)", () => {
  let therapy: TherapyHarness;
  let other: INestApplication;
  let api: ReturnType<typeof plansClient>;
  let owner: TestUser;
  let therapist: TestUser;

  beforeAll(async () => {
    therapy = await startTherapy();
    other = await secondReplica(therapy);
    api = plansClient(therapy);
    owner = await therapy.registerUser({ firstName: 'Ioana', lastName: 'Pop', role: 'PARENT' });
    therapist = await therapy.registerUser({ firstName: 'Ana', lastName: 'Popescu', role: 'THERAPIST' });
  });

  afterAll(async () => {
    await other.close();
    await therapy.close();
  });

  const withThreshold = (threshold_pct: number): MasteryCriterion => ({
    ...PLATFORM_CRITERION,
    to_generalization: { ...PLATFORM_CRITERION.to_generalization, threshold_pct },
  });

  it('shows every write committed since, made on it, on another replica or in SQL; unchanged, it builds nothing', async () => {
    const childId = await createChild(therapy, owner);
    await addHelper(therapy, owner, childId, therapist.email, 'THERAPIST');
    const subPlanId = await api.createPlan(owner, childId, 'sub-plan', 'Imitation');
    const itemId = await api.createItem(owner, subPlanId, 'Claps hands');
    const path = `/api/sub-plan-item/${itemId}/progress`;

    /** A call as `user` (the therapist reads and scores, the owner sets). */
    const call = async (
      app: INestApplication,
      method: 'get' | 'post',
      url: string,
      { user = therapist, headers = {}, body }: { user?: TestUser; headers?: object; body?: object } = {},
    ) => {
      const pending = request(app.getHttpServer())
        [method](url)
        .set({ ...(await therapy.headers(user)), ...headers });
      return body === undefined ? pending : pending.send(body);
    };
    const read = async (app: INestApplication, language = 'en'): Promise<ItemProgressResponse> => {
      const response = await call(app, 'get', path, { headers: { 'accept-language': language } });
      expect(response.status).toBe(200);
      return response.body as ItemProgressResponse;
    };
    /** Both replicas, each read twice (the second one from what it kept), see `check` hold. */
    const everywhere = async (check: (progress: ItemProgressResponse) => void, language?: string) => {
      for (const app of [therapy.app, other, therapy.app, other]) check(await read(app, language));
    };

    // Three trials scored on the other replica at 22:30 UTC two days ago: 00:30 the next day in Bucharest.
    const at = new Date(
      Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() - 2),
    );
    at.setUTCHours(22, 30);
    const sessionId = randomUUID();
    await everywhere((progress) => expect(progress.points).toEqual([]));
    for (const [minute, result] of ['YES', 'NO', 'YES'].entries()) {
      const response = await call(other, 'post', `/api/sub-plan-item/${itemId}/evaluation/create`, {
        body: {
          result,
          session_id: sessionId,
          captured_at: new Date(at.getTime() + minute * 60_000).toISOString(),
        },
      });
      expect(response.status).toBe(201);
    }
    const bucharestDay = new Date(at.getTime() + 86_400_000).toISOString().slice(0, 10);
    await everywhere((progress) =>
      expect(progress.points.map((point) => [point.date, point.yes, point.trials])).toEqual([
        [bucharestDay, 2, 3],
      ]),
    );

    // kept: a read with nothing written since sends the access check's look-up of the item's child and builds nothing
    // (the version is read by a prepared statement, which this count does not see); gzip and text are the same JSON
    const building = await countStatements(therapy, () => read(therapy.app));
    expect(building).toEqual([expect.stringMatching(/^select s."child_id" from "sub_plan_item" i/)]);
    const encoded = async (acceptEncoding: string) => {
      const response = await call(therapy.app, 'get', path, {
        headers: { 'accept-encoding': acceptEncoding },
      });
      return [response.headers['content-encoding'], response.headers['content-type'], response.body];
    };
    const plain = await encoded('identity');
    expect(plain.slice(0, 2)).toEqual([undefined, 'application/json; charset=utf-8']);
    expect(await encoded('gzip, deflate')).toEqual(['gzip', 'application/json; charset=utf-8', plain[2]]);

    // each language is kept apart
    await everywhere((progress) => expect(progress.explanation.text).toMatch(/under the minimum of 5/), 'en');
    await everywhere((progress) => expect(progress.explanation.text).toMatch(/sub minimul de 5/), 'ro');

    await therapy.sql(`update "therapy"."child" set "time_zone" = 'UTC' where "id" = ?`, [childId]);
    await everywhere((progress) => expect(progress.points[0].date).toBe(at.toISOString().slice(0, 10)));

    await therapy.sql(`update "therapy"."directory_user" set "first_name" = 'Anca' where "id" = ?`, [
      therapist.id,
    ]);
    await everywhere((progress) => expect(progress.points[0].person).toBe('Anca P.'));
    await therapy.sql(`update "therapy"."session" set "role" = 'PARENT' where "id" = ?`, [sessionId]);
    await everywhere((progress) => expect(progress.points[0].role).toBe('PARENT'));
    await therapy.sql(`update "therapy"."session" set "role" = 'THERAPIST' where "id" = ?`, [sessionId]);

    // criteria: at the item on the other replica, at the sub-plan and the child in SQL
    const itemCriterion = await call(other, 'post', `/api/sub-plan-item/${itemId}/mastery-criterion`, {
      user: owner,
      body: withThreshold(60),
    });
    expect(itemCriterion.status).toBe(200);
    await everywhere((progress) => expect(progress.criterion).toMatchObject({ source: 'ITEM' }));
    await therapy.sql(
      `insert into "therapy"."mastery_criterion" ("id", "child_id", "sub_plan_id", "criterion", "updated_by")
       values (gen_random_uuid(), ?, ?, ?::jsonb, ?)`,
      [childId, subPlanId, JSON.stringify(withThreshold(70)), owner.id],
    );
    await therapy.sql(`delete from "therapy"."mastery_criterion" where "item_id" = ?`, [itemId]);
    await everywhere((progress) =>
      expect(progress.criterion).toMatchObject({
        source: 'SUB_PLAN',
        to_generalization: { threshold_pct: 70 },
      }),
    );
    await therapy.sql(`delete from "therapy"."mastery_criterion" where "child_id" = ?`, [childId]);
    await everywhere((progress) => expect(progress.criterion).toMatchObject({ source: 'PLATFORM' }));

    // a suggestion waiting, then the status set by hand on the other replica (which closes it)
    await therapy.sql(
      `insert into "therapy"."mastery_suggestion" ("id", "item_id", "child_id", "from_status", "to_status", "evidence")
       values (gen_random_uuid(), ?, ?, 'IN_LEARNING', 'IN_GENERALIZATION', '{}'::jsonb)`,
      [itemId, childId],
    );
    await everywhere((progress) => expect(progress.pending_suggestion).toBe(true));
    const set = await call(
      other,
      'post',
      `/api/sub-plan-item/${itemId}/set-status?status=FINISHED&reason=GENERALIZED_ELSEWHERE`,
      { user: owner },
    );
    expect(set.status).toBe(200);
    await everywhere((progress) => {
      expect(progress.phases.map((phase) => phase.status)).toEqual(['IN_LEARNING', 'FINISHED']);
      expect(progress.pending_suggestion).toBe(false);
    });
    await therapy.sql(`delete from "therapy"."item_status_change" where "item_id" = ?`, [itemId]);
    await everywhere((progress) =>
      expect(progress.phases.map((phase) => phase.status)).toEqual(['IN_LEARNING']),
    );

    // a trial deleted in SQL
    await therapy.sql(`delete from "therapy"."item_evaluation" where "item_id" = ? and "result" = 'NO'`, [
      itemId,
    ]);
    await everywhere((progress) =>
      expect(progress.points.map((point) => [point.yes, point.trials])).toEqual([[2, 2]]),
    );
  });

  it("a session's writes that show nowhere leave the child's views as kept", async () => {
    const childId = await createChild(therapy, owner);
    const [session] = await therapy.sql<{ id: string }>(
      `insert into "therapy"."session" ("id", "child_id", "user_id", "role", "implicit", "started_at", "last_activity_at")
       values (gen_random_uuid(), ?, ?, 'PARENT', true, now(), now()) returning "id"`,
      [childId, owner.id],
    );
    const version = async () =>
      (
        await therapy.sql<{ version: string | null }>(
          `select sum("version")::text as "version" from "therapy"."view_version" where "child_id" = ?`,
          [childId],
        )
      )[0].version;
    const before = await version();
    await therapy.sql(
      `update "therapy"."session" set "last_activity_at" = now() + interval '5 minutes', "ended_at" = now() + interval '6 minutes'
        where "id" = ?`,
      [session.id],
    );
    expect(await version()).toBe(before);
    await therapy.sql(`update "therapy"."session" set "role" = 'COORDINATOR' where "id" = ?`, [session.id]);
    expect(Number(await version())).toBe(Number(before ?? 0) + 1);
  });
});
