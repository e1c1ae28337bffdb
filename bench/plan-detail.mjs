// The detailed plan view under a realistic plan: 20 sub-plans × 25 items × 100 evaluations each (50 000
// evaluations), built through the real API, then read through the gateway at a steady 50 requests per second.
// Prints p50/p99 latency. Statements per request are counted by therapy's plans integration test (a figure that
// does not change with the data size). Needs a build first. Never fails the build.
import { activeAccount, Api } from '../infra/src/api-client.mjs';
import { percentile, pool, startSystem } from './system.mjs';

const SUB_PLANS = 20;
const ITEMS = 25;
const EVALUATIONS = 100;
const REQUESTS = 500;
const RATE_PER_SECOND = 50;

const system = await startSystem();
try {
  const started = Date.now();
  const parent = await activeAccount(system, 'bench.parent@aba-bench.test', 'Bench-parola-2026');
  const admin = new Api(system.origin);
  await admin.expect(200, 'POST', '/api/login', system.admin);
  await admin.expect(201, 'POST', '/api/subscription/create', { user_email: 'bench.parent@aba-bench.test', quantity: 1 }, 15_000);
  const { child_id: childId } = await parent.expect(201, 'POST', '/api/child/create', {
    first_name: 'Bench',
    last_name: 'Child',
    date_of_birth: '2019-01-01',
  });
  await parent.expect(201, 'POST', '/api/child/add-license', { child_id: childId }, 15_000);
  const plan = await parent.expect(201, 'POST', `/api/child/${childId}/plan/create`, { name: 'Bench plan', description: 'Plan' }, 15_000);

  const itemIds = [];
  for (let s = 0; s < SUB_PLANS; s++) {
    const subPlan = await parent.expect(201, 'POST', `/api/child/${childId}/sub-plan/create`, { name: `Sub-plan ${s + 1}`, description: 'Sub-plan' });
    await parent.expect(201, 'POST', `/api/child/${childId}/plan/${plan.id}/add-sub-plan`, { sub_plan_id: subPlan.id });
    await pool(ITEMS, 8, async (i) => {
      const { item } = await parent.expect(201, 'POST', '/api/sub-plan-item/create', { description: `Item ${s + 1}.${i + 1}`, sub_plan_id: subPlan.id });
      itemIds.push(item.id);
    });
  }
  await pool(itemIds.length * EVALUATIONS, 24, async (n) => {
    await parent.expect(201, 'POST', `/api/sub-plan-item/${itemIds[n % itemIds.length]}/evaluation/create`, { result: n % 3 ? 'YES' : 'NO' });
  });
  const seeded = ((Date.now() - started) / 1000).toFixed(0);

  const path = `/api/child/${childId}/plan/${plan.id}/detailed-view`;
  for (let i = 0; i < 20; i++) await parent.expect(200, 'GET', path);
  const latencies = [];
  const inFlight = [];
  const t0 = Date.now();
  for (let i = 0; i < REQUESTS; i++) {
    const due = t0 + (i * 1000) / RATE_PER_SECOND;
    await new Promise((done) => setTimeout(done, Math.max(0, due - Date.now())));
    inFlight.push(
      (async () => {
        const begin = performance.now();
        const response = await parent.call('GET', path);
        latencies.push(performance.now() - begin);
        if (response.status !== 200) throw new Error(`detailed view → ${response.status}`);
      })(),
    );
  }
  await Promise.all(inFlight);
  latencies.sort((a, b) => a - b);
  const body = (await parent.call('GET', path)).body;
  const items = body.sub_plans.reduce((sum, subPlan) => sum + subPlan.items.length, 0);
  console.log(`\nDetailed plan view through the gateway (${SUB_PLANS} sub-plans × ${ITEMS} items × ${EVALUATIONS} evaluations; seeded in ${seeded} s)`);
  console.table([
    {
      requests: REQUESTS,
      'rate /s': RATE_PER_SECOND,
      'p50 ms': Number(percentile(latencies, 50).toFixed(1)),
      'p99 ms': Number(percentile(latencies, 99).toFixed(1)),
      'max ms': Number(latencies.at(-1).toFixed(1)),
      'items returned': items,
      'response KB': Number((JSON.stringify(body).length / 1024).toFixed(0)),
    },
  ]);
  console.log('SQL statements per request: 6 (2 access and licence + 4 for the view), counted by services/therapy plans.int-spec; the same at every size.');
} finally {
  await system.stop();
}
