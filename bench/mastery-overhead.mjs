// What mastery costs an evaluation create (issue 15: ≤ 10 % of its throughput). Two systems side by side, one with the
// rule (`MASTERY_DECISIONS=on`, the default) and one without it (`off`) and without counting trials per session as
// they are written (its `item_session_tally` insert trigger disabled), each seeded alike (one parent, two children;
// the measured child's 20 items with 100 trials each). The load is sessions as a family runs them at home (the
// child's criterion counts the parent's data, so the rule reads every trial): each session scores each of the 20
// items `TRIALS_PER_ITEM` times in turn, each trial YES with probability `YES_SHARE` from a seeded generator (the same
// trials on both sides), then the next session starts; so sessions reach their minimum, qualify, miss the threshold,
// and items move on. The same load directly against therapy (autocannon), on and off in turn, `ROUNDS` times: the
// machine's drift falls on both alike, and each side's figure is its median round. Mastery's share is 1 − on ÷ off.
// Beside it, less noisy: the CPU the machine spent per request outside the benchmark's process (the load generator),
// median round each side; on a CPU-bound machine the throughput lost is 1 − off ÷ on of it (`cpuCost`).
import { randomUUID } from 'node:crypto';
import { therapyClient } from '@aba/infra/history';
import { cannon, internalToken, lightChild, loadCalls } from './load.mjs';
import { seed, SMALL } from './seed.mjs';
import { machineCpuMs, startSystem } from './system.mjs';

const ROUNDS = 5;
const TRIALS_PER_ITEM = 10;
const YES_SHARE = 0.8;

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

/** A generator of numbers in [0, 1) from `seed` (mulberry32): the same sequence on every run. */
function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The evaluation creates of consecutive sessions over `paths` (see the top of this file): `{ path, body }` each. */
function sessionTrials(paths) {
  const random = seededRandom(15);
  const perSession = paths.length * TRIALS_PER_ITEM;
  let sessionId = randomUUID();
  let index = 0;
  return () => {
    if (index === perSession) [sessionId, index] = [randomUUID(), 0];
    const path = paths[index++ % paths.length];
    return { path, body: { result: random() < YES_SHARE ? 'YES' : 'NO', session_id: sessionId } };
  };
}

/** The light child's criterion counting the parent's data too (a home programme). */
async function countParentData(data) {
  const path = `/api/child/${lightChild(data).id}/mastery-criterion`;
  const { criterion } = await data.parent.expect(200, 'GET', path);
  const { source: _source, ...rule } = criterion;
  await data.parent.expect(200, 'POST', path, { ...rule, counted_roles: [...rule.counted_roles, 'PARENT'] });
}

/** A seeded system with mastery `on` or `off`, and its evaluation create load run directly against therapy. */
async function systemWith(decisions, ports) {
  const system = await startSystem({ ...ports, env: { MASTERY_DECISIONS: decisions } });
  try {
    const data = await seed(system, { scale: SCALE, log: () => {} });
    if (decisions === 'off') await withoutCountingOnWrite(system);
    await countParentData(data);
    const call = loadCalls(data).find((candidate) => candidate.key === 'evaluationCreate');
    const next = sessionTrials(call.pathList);
    // Internal tokens live a minute: each run signs its own.
    const direct = async () => {
      const token = await internalToken(system, data.user);
      return { ...call, base: system.serviceUrls.therapy, headers: { [token.header]: token.value } };
    };
    await cannon({ ...(await direct()), next, seconds: 2 });
    return { system, load: async () => cannon({ ...(await direct()), next }) };
  } catch (error) {
    await system.stop();
    throw error;
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const medianRound = (rounds) =>
  rounds.find((round) => round['req/s'] === median(rounds.map((r) => r['req/s'])));

/** A load's result with the CPU the machine spent per request outside this process (the load generator). */
async function measured(load) {
  const [machine, own] = [machineCpuMs(), process.cpuUsage()];
  const result = await load();
  const { user, system } = process.cpuUsage(own);
  const spent = machineCpuMs() - machine - (user + system) / 1000;
  return { ...result, 'CPU ms/request': Number((spent / Math.max(1, result.requests)).toFixed(3)) };
}

/**
 * Evaluation create with and without mastery: `{ on, off, cost, cpuCost, rounds }` (cost: the share of throughput lost;
 * cpuCost: the same from the CPU per request).
 */
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
          const result = await measured(side.load);
          rounds[mode].push(result);
          log(
            `  mastery ${mode}: evaluation create ${result['req/s']} req/s, p99 ${result['p99 ms']} ms, ` +
              `${result['CPU ms/request']} ms CPU/request, errors ${result.errors}`,
          );
        }
      }
      const [onMedian, offMedian] = [medianRound(rounds.on), medianRound(rounds.off)];
      const cost = offMedian['req/s']
        ? Number((1 - onMedian['req/s'] / offMedian['req/s']).toFixed(3))
        : null;
      const cpu = (mode) => median(rounds[mode].map((r) => r['CPU ms/request']));
      const cpuCost = cpu('on') ? Number((1 - cpu('off') / cpu('on')).toFixed(3)) : null;
      return {
        on: onMedian,
        off: offMedian,
        cost,
        cpuCost,
        rounds: {
          on: rounds.on.map((r) => r['req/s']),
          off: rounds.off.map((r) => r['req/s']),
          'on CPU ms/request': rounds.on.map((r) => r['CPU ms/request']),
          'off CPU ms/request': rounds.off.map((r) => r['CPU ms/request']),
        },
      };
    } finally {
      await off.system.stop();
    }
  } finally {
    await on.system.stop();
  }
}
