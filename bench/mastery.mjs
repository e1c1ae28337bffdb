// Mastery (issue 15): an item with two years of daily sessions (10 trials each, by two therapists, with one status
// change a year ago), then GET /api/sub-plan-item/{id}/progress through the gateway at a fixed rate (p50/p99). Its
// SQL statements are counted with the other calls (`progressCall`). The sessions and trials are written with SQL as
// the therapy role, the way the runner's history is back-dated: through the API they would take two years.
import { randomUUID } from 'node:crypto';
import { therapyClient } from '@aba/infra/history';
import { evenlySpaced } from './load.mjs';

const DAYS = 730;
const TRIALS_PER_SESSION = 10;

/** A new item of the light child with two years of daily sessions; answers `{ childId, itemId }`. */
export async function seedTwoYearItem(system, data) {
  const child = data.children.find((c) => c.parentIndex === 0 && c.id !== data.heavy.childId);
  const subPlanId = child.plans[0].subPlans[0].id;
  const { item } = await data.parent.expect(201, 'POST', '/api/sub-plan-item/create', {
    description: 'Two years of daily sessions',
    sub_plan_id: subPlanId,
  });
  const db = await therapyClient(system);
  try {
    const people = [randomUUID(), randomUUID()];
    await db.query('begin');
    await db.query(
      `insert into "therapy"."directory_user" ("id", "email", "first_name", "last_name", "role")
       select id, id || '@bench.test', 'Bench', 'Therapist', 'THERAPIST' from unnest($1::uuid[]) as id`,
      [people],
    );
    await db.query(
      `update "therapy"."sub_plan_item" set "created_at" = now() - make_interval(days => $2::int) where "id" = $1`,
      [item.id, DAYS + 1],
    );
    await db.query(
      `insert into "therapy"."session"
         ("id", "child_id", "user_id", "role", "implicit", "started_at", "last_activity_at", "ended_at")
       select gen_random_uuid(), $1::uuid, ($2::uuid[])[1 + d % 2], 'THERAPIST', true,
              now() - make_interval(days => d), now() - make_interval(days => d) + make_interval(mins => $4::int),
              now() - make_interval(days => d) + make_interval(mins => $4::int + 1)
         from generate_series(1, $3::int) d`,
      [child.id, people, DAYS, TRIALS_PER_SESSION],
    );
    // Trial n of each session, one a minute; YES more often as the days go by.
    await db.query(
      `insert into "therapy"."item_evaluation"
         ("id", "item_id", "child_id", "result", "user_id", "session_id", "captured_at", "created_at")
       select gen_random_uuid(), $1::uuid, s."child_id",
              case when random() < 0.3 + 0.6 * (1 - extract(epoch from now() - s."started_at") / (86400 * $3::int))
                   then 'YES' else 'NO' end,
              s."user_id", s."id", s."started_at" + make_interval(mins => n), s."started_at" + make_interval(mins => n)
         from "therapy"."session" s cross join generate_series(0, $4::int - 1) n
        where s."child_id" = $2::uuid and s."user_id" = any($5::uuid[])`,
      [item.id, child.id, DAYS, TRIALS_PER_SESSION, people],
    );
    await db.query(
      `insert into "therapy"."item_status_change" ("id", "item_id", "from_status", "status", "at", "mode")
       values (gen_random_uuid(), $1, 'IN_LEARNING', 'IN_GENERALIZATION', now() - interval '365 days', 'AUTO')`,
      [item.id],
    );
    await db.query(`update "therapy"."sub_plan_item" set "status" = 'IN_GENERALIZATION' where "id" = $1`, [item.id]);
    await db.query('commit');
    await db.query('analyze "therapy"."item_evaluation", "therapy"."session"');
  } catch (error) {
    await db.query('rollback').catch(() => {});
    throw error;
  } finally {
    await db.end();
  }
  return { childId: child.id, itemId: item.id };
}

/** The progress call as the statement counter runs it (`{ key, name, request }`). */
export function progressCall(data, { itemId }) {
  return {
    key: 'progress',
    name: 'item progress (2 years of daily sessions)',
    async request() {
      const { status, body } = await data.parent.call('GET', `/api/sub-plan-item/${itemId}/progress`);
      if (status !== 200) throw new Error(`progress → ${status} ${JSON.stringify(body)}`);
    },
  };
}

/**
 * The progress call through the gateway at `rate` requests/s, evenly spaced as the detailed view's (`evenlySpaced`):
 * p50 and p99 latency, and how many points it drew.
 */
export async function progressAtFixedRate(system, data, { itemId }, rate = 20) {
  const path = `/api/sub-plan-item/${itemId}/progress`;
  const { body } = await data.parent.call('GET', path);
  const result = await evenlySpaced({
    url: `${system.baseUrl}${path}`,
    headers: { cookie: data.parent.cookie, origin: system.origin },
    rate,
  });
  return { ...result, points: body.points.length, trials: body.points.reduce((sum, point) => sum + point.trials, 0) };
}

/**
 * The same reads while another item of the child is scored without pause (one trial at a time, through the gateway):
 * each trial moves the child's view version, so nearly every read finds its kept answer stale and builds it again
 * (ADR 0063). The cost of a build, not the page's usual case: `progressAtFixedRate`'s figures plus `trials` scored.
 */
export async function progressWhileScoring(system, data, { childId, itemId }, rate = 20) {
  const child = data.children.find((c) => c.id === childId);
  const scoredItem = child.plans[0].subPlans[0].items[0];
  let scoring = true;
  let trials = 0;
  const scorer = (async () => {
    while (scoring) {
      await data.parent.expect(201, 'POST', `/api/sub-plan-item/${scoredItem}/evaluation/create`, { result: 'YES' });
      trials += 1;
    }
  })();
  try {
    return { ...(await progressAtFixedRate(system, data, { itemId }, rate)), 'trials scored meanwhile': trials };
  } finally {
    scoring = false;
    await scorer;
  }
}

