// What mastery costs an evaluation create (issue 15: ≤ 10 % of its throughput). Two systems side by side, one with the
// rule (`MASTERY_DECISIONS=on`, the default) and one without it (`off`) and without counting trials per session as
// they are written (its `item_session_tally` insert trigger disabled), each seeded alike (one parent, two children;
// the measured child's 20 items with 100 trials each). Then the same evaluation create load directly against
// therapy (autocannon), on and off in turn, `ROUNDS` times: the machine's drift falls on both alike, and each side's
// figure is its median round. Mastery's share is 1 − on ÷ off.
import { therapyClient } from '@aba/infra/history';
import { cannon, internalToken, loadCalls } from './load.mjs';
import { seed, SMALL } from './seed.mjs';
import { startSystem } from './system.mjs';

const ROUNDS = 3;

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

/** A seeded system with mastery `on` or `off`, and its evaluation create load run directly against therapy. */
async function systemWith(decisions, ports) {
  const system = await startSystem({ ...ports, env: { MASTERY_DECISIONS: decisions } });
  try {
    const data = await seed(system, { scale: SCALE, log: () => {} });
    if (decisions === 'off') await withoutCountingOnWrite(system);
    const call = loadCalls(data).find((candidate) => candidate.key === 'evaluationCreate');
    // Internal tokens live a minute: each run signs its own.
    const direct = async () => {
      const token = await internalToken(system, data.user);
      return { ...call, base: system.serviceUrls.therapy, headers: { [token.header]: token.value } };
    };
    await cannon({ ...(await direct()), paths: call.paths(), seconds: 2 });
    return { system, load: async () => cannon({ ...(await direct()), paths: call.paths() }) };
  } catch (error) {
    await system.stop();
    throw error;
  }
}

const medianRound = (rounds) =>
  [...rounds].sort((a, b) => a['req/s'] - b['req/s'])[Math.floor(rounds.length / 2)];

/** Evaluation create with and without mastery: `{ on, off, cost, rounds }` (cost: the share of throughput lost). */
export async function masteryOverhead(log = console.log) {
  const on = await systemWith('on', { gatewayPort: 8390, servicePortBase: 3310 });
  try {
    const off = await systemWith('off', { gatewayPort: 8392, servicePortBase: 3320 });
    try {
      const rounds = { on: [], off: [] };
      for (let round = 0; round < ROUNDS; round++) {
        for (const [mode, side] of [
          ['on', on],
          ['off', off],
        ]) {
          const result = await side.load();
          rounds[mode].push(result);
          log(
            `  mastery ${mode}: evaluation create ${result['req/s']} req/s, p99 ${result['p99 ms']} ms, errors ${result.errors}`,
          );
        }
      }
      const [onMedian, offMedian] = [medianRound(rounds.on), medianRound(rounds.off)];
      const cost = offMedian['req/s']
        ? Number((1 - onMedian['req/s'] / offMedian['req/s']).toFixed(3))
        : null;
      return {
        on: onMedian,
        off: offMedian,
        cost,
        rounds: { on: rounds.on.map((r) => r['req/s']), off: rounds.off.map((r) => r['req/s']) },
      };
    } finally {
      await off.system.stop();
    }
  } finally {
    await on.system.stop();
  }
}
