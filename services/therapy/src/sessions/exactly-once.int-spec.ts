import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { SessionMessages } from '@aba/contracts/api';
import { plansClient } from '../testing/plans-client.js';
import {
  addHelper,
  createChild,
  startTherapy,
  type TestUser,
  type TherapyHarness,
} from '../testing/therapy-harness.js';

/** A capture a phone keeps until the server has it: where it goes and what it says, with the phone's id. */
interface Capture {
  id: string;
  kind: 'evaluation' | 'occurrence' | 'abc';
  path: string;
  body: Record<string, unknown>;
}

describe('exactly once: a capture sent again with its device id is recorded once (issue 16)', () => {
  let therapy: TherapyHarness;
  let api: ReturnType<typeof plansClient>;
  let owner: TestUser;
  let therapist: TestUser;
  let childId: string;
  let planId: string;
  let items: string[];
  let behaviors: string[];

  beforeAll(async () => {
    therapy = await startTherapy();
    api = plansClient(therapy);
    owner = await therapy.registerUser({ firstName: 'Ioana' });
    therapist = await therapy.registerUser({ firstName: 'Ana', role: 'THERAPIST' });
    childId = await createChild(therapy, owner);
    await addHelper(therapy, owner, childId, therapist.email, 'THERAPIST');
    planId = await api.createPlan(owner, childId, 'plan', 'Plan');
    const subPlanId = await api.createPlan(owner, childId, 'sub-plan', 'Imitation');
    await api.attach(owner, childId, planId, subPlanId);
    items = [];
    for (const name of ['Claps', 'Waves', 'Points', 'Stacks', 'Names']) {
      items.push(await api.createItem(owner, subPlanId, name));
    }
    behaviors = [];
    for (const name of ['Hitting', 'Shouting', 'Biting']) {
      const created = await api.post(owner, `/api/child/${childId}/behavior/create`, { name });
      behaviors.push((created.body as { behavior: { id: string } }).behavior.id);
    }
  });

  afterAll(() => therapy.close());

  const count = async (sql: string) => Number((await therapy.sql<{ n: string }>(sql, [childId]))[0].n);

  /** What an answer says about the record itself: all but the trial's mastery outcome (the first answer's alone). */
  const recordOf = ({ mastery: _outcome, ...record }: Record<string, unknown>) => record;

  it('1 000 captures (trials, occurrences, ABC entries) each sent 1 to 5 times, in random order and 16 at once, make 1 000 records; every repeat answers the first', async () => {
    const sessions = Array.from({ length: 10 }, () => randomUUID());
    const now = Date.now();
    const captures: Capture[] = Array.from({ length: 1000 }, (_, index) => {
      const id = randomUUID();
      const captured_at = new Date(now - (1000 - index) * 60_000).toISOString();
      const session_id = sessions[index % sessions.length];
      if (index % 10 === 9)
        return {
          id,
          kind: 'abc',
          path: `/api/child/${childId}/behavior-abc/log`,
          body: {
            id,
            session_id,
            captured_at,
            behavior_id: behaviors[2],
            antecedent: 'Demand',
            consequence: 'Ignored',
          },
        };
      if (index % 10 >= 7)
        return {
          id,
          kind: 'occurrence',
          path: `/api/behavior/${behaviors[index % 2]}/log`,
          body: { id, session_id, captured_at },
        };
      const item = items[index % items.length];
      return {
        id,
        kind: 'evaluation',
        path:
          index % 2
            ? `/api/sub-plan-item/${item}/evaluation/create`
            : `/api/child/${childId}/plan/${planId}/item/${item}/evaluation/create`,
        body: { id, session_id, captured_at, result: index % 3 ? 'YES' : 'NO' },
      };
    });
    const [times] = fc.sample(
      fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1000, maxLength: 1000 }),
      {
        numRuns: 1,
        seed: 16,
      },
    );
    const sends = captures.flatMap((capture, index) => Array<Capture>(times[index]).fill(capture));
    const [order] = fc.sample(fc.shuffledSubarray(sends, { minLength: sends.length }), {
      numRuns: 1,
      seed: 16,
    });

    const answers = new Map<string, { status: number; record: unknown }[]>();
    let next = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < order.length) {
          const capture = order[next++];
          const response = await api.post(therapist, capture.path, capture.body);
          const list = answers.get(capture.id) ?? [];
          list.push({ status: response.status, record: recordOf(response.body as Record<string, unknown>) });
          answers.set(capture.id, list);
        }
      }),
    );

    expect(order.length).toBeGreaterThan(2000);
    for (const capture of captures) {
      const sent = answers.get(capture.id)!;
      expect(sent.map((answer) => answer.status).sort()).toEqual(
        [201, ...Array<number>(sent.length - 1).fill(200)].sort(),
      );
      const first = sent.find((answer) => answer.status === 201)!.record;
      expect(first).toMatchObject(
        capture.kind === 'evaluation' ? { evaluation: { id: capture.id } } : { entry: { id: capture.id } },
      );
      for (const answer of sent) expect(answer.record).toEqual(first);
    }
    expect(await count('select count(*) as n from "therapy"."item_evaluation" where "child_id" = ?')).toBe(
      700,
    );
    // 200 occurrences logged, and one for each ABC entry (no other occurrence of its behaviour to complete).
    expect(
      await count(
        `select count(*) as n from "therapy"."behavior_tracking" t
           join "therapy"."behavior" b on b."id" = t."behavior_id" where b."child_id" = ?`,
      ),
    ).toBe(300);
    expect(
      await count(
        `select count(*) as n from "therapy"."behavior_abc" a
           join "therapy"."behavior" b on b."id" = a."behavior_id" where b."child_id" = ?`,
      ),
    ).toBe(100);
    // Each trial counted once toward mastery, and kept with its capture time beside its arrival.
    expect(
      await count(
        `select sum(t."trials") as n from "therapy"."item_session_tally" t
           join "therapy"."sub_plan_item" i on i."id" = t."item_id"
           join "therapy"."sub_plan" sp on sp."id" = i."sub_plan_id" where sp."child_id" = ?`,
      ),
    ).toBe(700);
    const [evaluation] = await therapy.sql<{ captured_at: string; created_at: string }>(
      'select "captured_at", "created_at" from "therapy"."item_evaluation" where "id" = ?',
      [captures[0].id],
    );
    expect(new Date(evaluation.captured_at).toISOString()).toBe(captures[0].body.captured_at);
    expect(Date.parse(evaluation.created_at)).toBeGreaterThan(Date.parse(evaluation.captured_at));
  });

  it('refuses an id another record holds (another author, item or behaviour: 409) and an id that is not one (400)', async () => {
    const id = randomUUID();
    const first = await api.post(therapist, `/api/sub-plan-item/${items[0]}/evaluation/create`, {
      id,
      result: 'YES',
    });
    expect(first.status).toBe(201);
    const taken = { error: SessionMessages.recordIdTaken };
    const byOwner = await api.post(owner, `/api/sub-plan-item/${items[0]}/evaluation/create`, {
      id,
      result: 'YES',
    });
    expect([byOwner.status, byOwner.body]).toEqual([409, taken]);
    const otherItem = await api.post(therapist, `/api/sub-plan-item/${items[1]}/evaluation/create`, {
      id,
      result: 'YES',
    });
    expect([otherItem.status, otherItem.body]).toEqual([409, taken]);

    const occurrence = randomUUID();
    expect((await api.post(therapist, `/api/behavior/${behaviors[0]}/log`, { id: occurrence })).status).toBe(
      201,
    );
    const otherBehavior = await api.post(therapist, `/api/behavior/${behaviors[1]}/log`, { id: occurrence });
    expect([otherBehavior.status, otherBehavior.body]).toEqual([409, taken]);
    const repeated = await api.post(therapist, `/api/behavior/${behaviors[0]}/log`, { id: occurrence });
    expect(repeated.status).toBe(200);
    const abc = { behavior_id: behaviors[2], antecedent: 'Demand', consequence: 'Ignored' };
    const entry = randomUUID();
    const logged = await api.post(therapist, `/api/child/${childId}/behavior-abc/log`, { ...abc, id: entry });
    expect([logged.status, logged.body.attached]).toEqual([201, false]);
    const abcByOwner = await api.post(owner, `/api/child/${childId}/behavior-abc/log`, { ...abc, id: entry });
    expect([abcByOwner.status, abcByOwner.body]).toEqual([409, taken]);
    const abcOnOccurrenceId = await api.post(therapist, `/api/child/${childId}/behavior-abc/log`, {
      ...abc,
      id: occurrence,
    });
    expect([abcOnOccurrenceId.status, abcOnOccurrenceId.body]).toEqual([409, taken]);

    const bad = await api.post(therapist, `/api/behavior/${behaviors[0]}/log`, { id: 'not-an-id' });
    expect([bad.status, bad.body]).toEqual([400, { error: SessionMessages.recordIdInvalid }]);
  });
});
