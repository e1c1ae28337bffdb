// What mastery costs an evaluation create (issue 15: ≤ 10 % of its throughput). Two systems in turn, one with the
// rule (`MASTERY_DECISIONS=on`, the default) and one without it (`off`) and without counting trials per session as
// they are written (its `item_session_tally` insert trigger disabled), each seeded alike (one parent, two children;
// the measured child's 20 items with 100 trials each), then the same evaluation create load directly against therapy
// (autocannon). Mastery's share is 1 − on ÷ off.
import { therapyClient } from '@aba/infra/history';
import { cannon, internalToken, loadCalls } from './load.mjs';
import { seed, SMALL } from './seed.mjs';
import { startSystem } from './system.mjs';

const SCALE = {
  ...SMALL,
  childrenPerParent: 2,
  plansPerChild: 1,
  subPlansPerPlan: 2,
  itemsPerSubPlan: 10,
  evaluations: 4_000,
  heavyChildEvaluations: 2_000,
  logs: 100,
};

async function withoutCountingOnWrite(system) {
  const db = await therapyClient(system);
  try {
    await db.query('alter table "therapy"."item_evaluation" disable trigger "item_evaluation_tally_insert"');
  } finally {
    await db.end();
  }
}

async function evaluationCreateWith(decisions, log) {
  const system = await startSystem({
    gatewayPort: 8390,
    servicePortBase: 3310,
    env: { MASTERY_DECISIONS: decisions },
  });
  try {
    const data = await seed(system, { scale: SCALE, log: () => {} });
    if (decisions === 'off') await withoutCountingOnWrite(system);
    const call = loadCalls(data).find((candidate) => candidate.key === 'evaluationCreate');
    const token = await internalToken(system, data.user);
    const direct = { ...call, base: system.serviceUrls.therapy, headers: { [token.header]: token.value } };
    await cannon({ ...direct, paths: call.paths(), seconds: 2 });
    const result = await cannon({ ...direct, paths: call.paths() });
    log(`  mastery ${decisions}: evaluation create ${result['req/s']} req/s, p99 ${result['p99 ms']} ms`);
    return result;
  } finally {
    await system.stop();
  }
}

/** Evaluation create with and without mastery: `{ on, off, cost }` (cost: the share of throughput lost). */
export async function masteryOverhead(log = console.log) {
  const on = await evaluationCreateWith('on', log);
  const off = await evaluationCreateWith('off', log);
  const cost = off['req/s'] ? Number((1 - on['req/s'] / off['req/s']).toFixed(3)) : null;
  return { on, off, cost };
}
