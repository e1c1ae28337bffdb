// The benchmark's data set, built through the public API via the gateway (every rule, check and event of the
// services runs, as for a user), with many calls in flight:
//   5 parents × 10 children = 50 children, each with a licence and 3 plans × 20 sub-plans × 25 items (75 000 items),
//   100 000 evaluations over two years, 2 behaviours per child with 20 000 logs and 5 000 ABC entries in all.
// One child (the "heavy" one, parent 0's first) gets 40 000 of the evaluations, 26–27 on each of its 1 500 items:
// its first plan is the one whose detailed view is measured (every item has more than the 5 the view shows) and its
// dashboard draws two years of daily data. The API stamps evaluations and logs with "now"; afterwards one UPDATE
// per table spreads them over the last two years (infra/src/history.mjs, shared with the demo seed).
import { activeAccount, Api } from '@aba/infra/api-client';
import { backdateHistory } from '@aba/infra/history';
import { pool } from './system.mjs';

export const FULL = {
  parents: 5,
  childrenPerParent: 10,
  plansPerChild: 3,
  subPlansPerPlan: 20,
  itemsPerSubPlan: 25,
  evaluations: 100_000,
  heavyChildEvaluations: 40_000,
  behaviorsPerChild: 2,
  logs: 20_000,
  /** One ABC entry every this many logs. */
  abcEvery: 4,
  days: 730,
};
/** `BENCH_SMALL=true`: the same shapes on 2 children with fewer rows, to try the pipeline quickly. */
export const SMALL = {
  ...FULL,
  parents: 1,
  childrenPerParent: 2,
  evaluations: 10_000,
  heavyChildEvaluations: 8_000,
  logs: 1_000,
};

const PASSWORD = 'Bench-parola-2026';
const EVENT_RETRY_MS = 30_000;
const DAY_MS = 24 * 3600 * 1000;

/** A small seeded generator: the same data set on every run. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** A client whose calls are retried on network errors and 5xx (a loaded 2-core machine drops the odd one). */
class SeedApi extends Api {
  retries = 0;
  async ok(status, method, path, body) {
    for (let attempt = 1; ; attempt++) {
      let result;
      try {
        result = await this.call(method, path, body);
      } catch (error) {
        if (attempt >= 4) throw error;
        this.retries++;
        continue;
      }
      if (result.status === status) return result.body;
      if (result.status < 500 || attempt >= 4) {
        throw new Error(`${method} ${path} → ${result.status} ${JSON.stringify(result.body)}`);
      }
      this.retries++;
    }
  }
}

async function account(system, email) {
  const api = await activeAccount(system, email, PASSWORD);
  return Object.assign(new SeedApi(system.origin, system.baseUrl), { cookie: api.cookie });
}

/**
 * Builds the data set on a started system (bench/system.mjs). `concurrency`: calls in flight. Returns what the
 * benchmarks need: the logged-in parent 0 and administrator, the children with their plans, items and behaviours,
 * the heavy child and plan, counts and timings.
 */
export async function seed(system, { scale = FULL, concurrency = 24, log = console.log } = {}) {
  const started = Date.now();
  const phases = {};
  let phaseStart = Date.now();
  const phase = (name, calls) => {
    const seconds = (Date.now() - phaseStart) / 1000;
    phases[name] = {
      seconds: Number(seconds.toFixed(1)),
      calls,
      'calls/s': calls ? Math.round(calls / seconds) : null,
    };
    log(`  seed: ${name}: ${calls} calls in ${seconds.toFixed(1)} s`);
    phaseStart = Date.now();
  };
  const next = random(20261122);

  const admin = new SeedApi(system.origin, system.baseUrl);
  await admin.expect(200, 'POST', '/api/login', system.admin);
  const parents = await Promise.all(
    Array.from({ length: scale.parents }, (_, p) => account(system, `bench.parent${p}@aba-bench.test`)),
  );
  // Billing learns about each new user from identity's event: retry until it does.
  for (const [p] of parents.entries()) {
    await admin.expect(
      201,
      'POST',
      '/api/subscription/create',
      { user_email: `bench.parent${p}@aba-bench.test`, quantity: scale.childrenPerParent },
      EVENT_RETRY_MS,
    );
  }
  phase('accounts and subscriptions', scale.parents * 5);

  const children = [];
  await pool(scale.parents * scale.childrenPerParent, 8, async (n) => {
    const parentIndex = Math.floor(n / scale.childrenPerParent);
    const api = parents[parentIndex];
    const { child_id: id } = await api.ok(201, 'POST', '/api/child/create', {
      first_name: `Child${n}`,
      last_name: `Bench${parentIndex}`,
      date_of_birth: `${2016 + (n % 6)}-0${1 + (n % 9)}-1${n % 10}`,
    });
    // Billing learns about the child, then therapy about the licence, from events: retry until each does.
    const { child_subscription_id: licenceId } = await api.expect(
      201,
      'POST',
      '/api/child/add-license',
      { child_id: id },
      EVENT_RETRY_MS,
    );
    const plans = [];
    for (let k = 0; k < scale.plansPerChild; k++) {
      const plan = await api.expect(
        201,
        'POST',
        `/api/child/${id}/plan/create`,
        { name: `Plan ${k + 1}`, description: `Intervention plan ${k + 1} of child ${n}` },
        EVENT_RETRY_MS,
      );
      plans.push({ id: plan.id, subPlans: [] });
    }
    children[n] = { id, n, parentIndex, licenceId, plans, behaviors: [] };
  });
  phase('children, licences, plans', children.length * (2 + scale.plansPerChild));

  // Sub-plans: create, then attach to its plan.
  const subPlanTasks = [];
  for (const child of children) {
    for (const plan of child.plans) {
      for (let s = 0; s < scale.subPlansPerPlan; s++) subPlanTasks.push({ child, plan, s });
    }
  }
  await pool(subPlanTasks.length, concurrency, async (i) => {
    const { child, plan, s } = subPlanTasks[i];
    const api = parents[child.parentIndex];
    const subPlan = await api.ok(201, 'POST', `/api/child/${child.id}/sub-plan/create`, {
      name: `Sub-plan ${s + 1} of ${plan.id.slice(0, 8)}`,
      description: 'Skills practised together in one session block',
    });
    await api.ok(201, 'POST', `/api/child/${child.id}/plan/${plan.id}/add-sub-plan`, {
      sub_plan_id: subPlan.id,
    });
    plan.subPlans[s] = { id: subPlan.id, items: [] };
  });
  phase('sub-plans (create + attach)', subPlanTasks.length * 2);

  // Item i of every sub-plan, then item i + 1: calls in flight at the same time touch different sub-plans.
  const subPlans = children.flatMap((child) =>
    child.plans.flatMap((plan) => plan.subPlans.map((subPlan) => ({ child, plan, subPlan }))),
  );
  const itemTasks = [];
  for (let i = 0; i < scale.itemsPerSubPlan; i++) {
    for (const target of subPlans) itemTasks.push({ ...target, i });
  }
  await pool(itemTasks.length, concurrency, async (t) => {
    const { child, subPlan, i } = itemTasks[t];
    const { item } = await parents[child.parentIndex].ok(201, 'POST', '/api/sub-plan-item/create', {
      description: `Target skill ${i + 1}: responds to the instruction within 5 seconds`,
      sub_plan_id: subPlan.id,
    });
    subPlan.items[i] = item.id;
  });
  phase('items', itemTasks.length);

  // Evaluations: the heavy child's share spread evenly over all its items, the rest one by one over the other
  // children's items. Each is stamped a moment of a day in the last two years (applied after, by SQL).
  const heavy = children[0];
  const itemsOf = (child) =>
    child.plans.flatMap((plan) =>
      plan.subPlans.flatMap((subPlan) => subPlan.items.map((id) => ({ child, plan, id }))),
    );
  const heavyItems = itemsOf(heavy);
  const otherItems = children.slice(1).flatMap(itemsOf);
  const evaluationTargets = (n) =>
    n < scale.heavyChildEvaluations || otherItems.length === 0
      ? heavyItems[n % heavyItems.length]
      : otherItems[(n - scale.heavyChildEvaluations) % otherItems.length];
  const evaluations = new Array(scale.evaluations);
  await pool(scale.evaluations, concurrency, async (n) => {
    const { child, plan, id } = evaluationTargets(n);
    const result = next() < 0.6 ? 'YES' : 'NO';
    const at = new Date(
      started - (1 + Math.floor(next() * (scale.days - 1))) * DAY_MS - next() * 9 * 3600 * 1000,
    );
    const { evaluation } = await parents[child.parentIndex].ok(
      201,
      'POST',
      `/api/child/${child.id}/plan/${plan.id}/item/${id}/evaluation/create`,
      { result },
    );
    evaluations[n] = { id: evaluation.id, at };
  });
  phase('evaluations', scale.evaluations);

  const antecedents = (await parents[0].expect(200, 'GET', '/api/list/antecedent')).list;
  const consequences = (await parents[0].expect(200, 'GET', '/api/list/consequence')).list;
  const behaviorTasks = children.flatMap((child) =>
    Array.from({ length: scale.behaviorsPerChild }, (_, b) => ({ child, b })),
  );
  // Few at a time: therapy's behaviour create takes a second pooled connection inside its transaction (a raw
  // em.getConnection().execute() without the transaction context), so ~10 concurrent creates exhaust its pool of 10.
  await pool(behaviorTasks.length, 4, async (t) => {
    const { child, b } = behaviorTasks[t];
    const { behavior } = await parents[child.parentIndex].ok(
      201,
      'POST',
      `/api/child/${child.id}/behavior/create`,
      {
        name:
          ['Throws objects', 'Screams at transitions', 'Leaves the table', 'Bites hand'][b % 4] +
          (b >= 4 ? ` ${b}` : ''),
        description: 'Counted by the therapist during sessions',
      },
    );
    child.behaviors[b] = behavior.id;
  });
  const behaviors = children.flatMap((child) => child.behaviors.map((id) => ({ child, id })));
  const tracking = new Array(scale.logs);
  const abc = [];
  await pool(scale.logs, concurrency, async (n) => {
    const { child, id } = behaviors[n % behaviors.length];
    const api = parents[child.parentIndex];
    const at = new Date(
      started - (1 + Math.floor(next() * (scale.days - 1))) * DAY_MS - next() * 9 * 3600 * 1000,
    );
    const { entry } = await api.ok(201, 'POST', `/api/behavior/${id}/log`);
    tracking[n] = { id: entry.id, at };
    if (n % scale.abcEvery === 0) {
      const logged = await api.ok(201, 'POST', `/api/child/${child.id}/behavior-abc/log`, {
        behavior_id: id,
        antecedent: antecedents[Math.floor(next() * antecedents.length)],
        consequence: consequences[Math.floor(next() * consequences.length)],
      });
      abc.push({ id: logged.entry.id, at });
    }
  });
  phase('behaviours, logs, ABC entries', behaviorTasks.length + scale.logs + abc.length);

  await backdateHistory({
    adminUrl: system.adminUrl,
    database: system.database,
    rolePassword: system.rolePassword,
    evaluations,
    tracking,
    abc,
  });
  phase('spread over two years (SQL)', 0);

  const parent = parents[0];
  const session = await parent.expect(200, 'GET', '/api/get-session');
  const seconds = (Date.now() - started) / 1000;
  const retries = [admin, ...parents].reduce((sum, api) => sum + api.retries, 0);
  const items = itemTasks.length;
  const counts = {
    parents: parents.length,
    children: children.length,
    plans: children.length * scale.plansPerChild,
    subPlans: subPlanTasks.length,
    items,
    evaluations: evaluations.length,
    behaviors: behaviors.length,
    behaviorLogs: tracking.length,
    abcEntries: abc.length,
    heavyChildEvaluations: Math.min(scale.heavyChildEvaluations, scale.evaluations),
  };
  log(
    `  seed: done in ${seconds.toFixed(0)} s (${retries} retried calls): ${counts.children} children, ${items} items, ` +
      `${counts.evaluations} evaluations, ${counts.behaviorLogs} behaviour logs, ${counts.abcEntries} ABC entries`,
  );
  return {
    parent,
    parents,
    admin,
    user: { userId: session.id, role: session.role },
    children,
    heavy: { childId: heavy.id, planId: heavy.plans[0].id, items: heavyItems.length },
    counts,
    seconds: Number(seconds.toFixed(1)),
    phases,
    retries,
    concurrency,
  };
}
