import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { plansClient } from '../testing/plans-client.js';
import { createChild, startTherapy, type TestUser, type TherapyHarness } from '../testing/therapy-harness.js';

type Operation =
  | { kind: 'trial'; session: number; minutesAgo: number; result: 'YES' | 'NO' }
  | { kind: 'delete'; pick: number }
  | { kind: 'correct'; pick: number; result: 'YES' | 'NO' }
  | { kind: 'status'; status: 'IN_LEARNING' | 'IN_GENERALIZATION' | 'FINISHED' };

const result = fc.constantFrom<'YES' | 'NO'>('YES', 'NO');
const operation: fc.Arbitrary<Operation> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('trial' as const),
      session: fc.nat(2),
      minutesAgo: fc.nat(240),
      result,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('correct' as const), pick: fc.nat(), result }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('status' as const),
      status: fc.constantFrom('IN_LEARNING' as const, 'IN_GENERALIZATION' as const, 'FINISHED' as const),
    }),
  },
);

/**
 * `item_session_tally` (what the mastery rule and the progress call count from) is kept by triggers as trials and
 * status changes are written: whatever the order of trials, late captures, deletes, corrections and status changes,
 * and however many are written at once, it holds exactly what counting the item's trials again gives.
 */
describe('trials counted per session as they are written (issue 15)', () => {
  let therapy: TherapyHarness;
  let api: ReturnType<typeof plansClient>;
  let owner: TestUser;
  let childId: string;
  let subPlanId: string;

  beforeAll(async () => {
    therapy = await startTherapy();
    api = plansClient(therapy);
    owner = await therapy.registerUser({ firstName: 'Olga', role: 'PARENT' });
    childId = await createChild(therapy, owner);
    subPlanId = await api.createPlan(owner, childId, 'sub-plan', 'Counting');
  });

  afterAll(() => therapy.close());

  const tallies = (itemId: string) =>
    therapy.sql<Record<string, unknown>>(
      `select "phase", "session_id", "first_at", "first_id", "first_result", "last_at", "yes", "trials"
         from "therapy"."item_session_tally" where "item_id" = ? order by "phase", "session_id"`,
      [itemId],
    );

  /** The item's tallies as kept, and as counting all its trials again gives them. */
  async function keptAndRecounted(itemId: string) {
    const kept = await tallies(itemId);
    await therapy.sql(`select "therapy"."count_item_trials_again"(array[?]::uuid[])`, [itemId]);
    return { kept, recounted: await tallies(itemId) };
  }

  async function apply(itemId: string, sessions: string[], trials: string[], op: Operation, now: number) {
    const ok = (response: { status: number; body: unknown }, status: number) => {
      if (response.status !== status)
        throw new Error(`${op.kind}: ${response.status} ${JSON.stringify(response.body)}`);
    };
    if (op.kind === 'trial') {
      const response = await api.post(owner, `/api/sub-plan-item/${itemId}/evaluation/create`, {
        result: op.result,
        session_id: sessions[op.session],
        captured_at: new Date(now - op.minutesAgo * 60_000).toISOString(),
      });
      ok(response, 201);
      trials.push((response.body as { evaluation: { id: string } }).evaluation.id);
    } else if (op.kind === 'status') {
      ok(await api.post(owner, `/api/sub-plan-item/${itemId}/set-status?status=${op.status}`), 200);
    } else if (trials.length > 0) {
      const index = op.pick % trials.length;
      if (op.kind === 'delete') {
        ok(await api.post(owner, `/api/item-evaluation/${trials[index]}/delete`), 200);
        trials.splice(index, 1);
      } else {
        ok(
          await api.post(owner, `/api/item-evaluation/${trials[index]}/set-result`, { result: op.result }),
          200,
        );
      }
    }
  }

  it('any mix of late trials, deletes, corrections and status changes counts as counting again would', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 25 }), async (operations) => {
        const itemId = await api.createItem(owner, subPlanId, `Item ${randomUUID()}`);
        const sessions = [randomUUID(), randomUUID(), randomUUID()];
        const trials: string[] = [];
        const now = Date.now();
        for (const op of operations) await apply(itemId, sessions, trials, op, now);
        const { kept, recounted } = await keptAndRecounted(itemId);
        expect(kept).toEqual(recounted);
        const [{ count }] = await therapy.sql<{ count: number }>(
          `select coalesce(sum("trials"), 0)::int as "count" from "therapy"."item_session_tally" where "item_id" = ?`,
          [itemId],
        );
        expect(count).toBe(trials.length);
      }),
      { numRuns: 12 },
    );
  });

  it('trials written at once by several sessions, during status changes, are each counted once', async () => {
    const itemId = await api.createItem(owner, subPlanId, 'Counted under load');
    const sessions = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const writes = Array.from({ length: 60 }, (_, i) =>
      api.post(owner, `/api/sub-plan-item/${itemId}/evaluation/create`, {
        result: i % 3 === 0 ? 'NO' : 'YES',
        session_id: sessions[i % sessions.length],
      }),
    );
    const changes = ['IN_GENERALIZATION', 'IN_LEARNING', 'IN_GENERALIZATION'].map((status) =>
      api.post(owner, `/api/sub-plan-item/${itemId}/set-status?status=${status}`),
    );
    const responses = await Promise.all([...writes, ...changes]);
    expect(responses.map((response) => response.status).sort()).toEqual(
      [...Array<number>(60).fill(201), ...Array<number>(3).fill(200)].sort(),
    );
    const { kept, recounted } = await keptAndRecounted(itemId);
    expect(kept).toEqual(recounted);
    const counted = kept.reduce((sum, row) => sum + Number(row.trials), 0);
    const yes = kept.reduce((sum, row) => sum + Number(row.yes), 0);
    expect({ counted, yes }).toEqual({ counted: 60, yes: 40 });
  });

  it('a change to a trial that no count reads (its arrival back-dated, its plan gone) leaves the counts unwritten', async () => {
    const itemId = await api.createItem(owner, subPlanId, 'Back-dated');
    const trialId = await api.evaluate(owner, itemId, 'YES');
    const written = () =>
      therapy.sql<{ version: string; yes: number }>(
        `select "xmin"::text as "version", "yes" from "therapy"."item_session_tally" where "item_id" = ?`,
        [itemId],
      );
    const [before] = await written();
    await therapy.sql(
      `update "therapy"."item_evaluation" set "created_at" = "created_at" - interval '1 day', "plan_id" = null
        where "id" = ?`,
      [trialId],
    );
    expect(await written()).toEqual([before]);
    await therapy.sql(`update "therapy"."item_evaluation" set "result" = 'NO' where "id" = ?`, [trialId]);
    const [after] = await written();
    expect(after.yes).toBe(0);
    expect(after.version).not.toBe(before.version);
  });

  it("an item's trials leave the count with the item", async () => {
    const itemId = await api.createItem(owner, subPlanId, 'Deleted with its trials');
    await api.evaluate(owner, itemId, 'YES');
    expect(await tallies(itemId)).toHaveLength(1);
    const deleted = await api.post(owner, `/api/sub-plan-item/${itemId}/delete`);
    expect(deleted.status).toBe(200);
    expect(await tallies(itemId)).toEqual([]);
  });
});
