// `npx node bench/detailed-view.mjs` (after a build): only the detailed view of the large plan at 50 requests/s through
// the gateway (issue 19, ADR 0060), on a system and seed of its own: `npm run bench`'s, without its other parts.
// Besides the latencies, each round reports the CPU time per request of the gateway, therapy and the database's
// Postgres backends (/proc), a figure a machine busy with other work disturbs far less than latency.
// BENCH_SMALL=true seeds the small set (the same heavy plan: 500 items, each with more than the 5 evaluations the view
// shows); BENCH_ROUNDS (default 3) measures it that many times in a row; BENCH_GATEWAY_PORT (default 8480) and the
// services' ports after BENCH_SERVICE_PORT_BASE (default 3480) keep it off a running `npm run bench`.
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import pg from 'pg';
import { detailedViewAtFixedRate } from './load.mjs';
import { FULL, seed, SMALL } from './seed.mjs';
import { machineCpuMs, processCpuMs, startSystem } from './system.mjs';

const small = process.env.BENCH_SMALL === 'true';
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const gatewayPort = Number(process.env.BENCH_GATEWAY_PORT ?? 8480);
const servicePortBase = Number(process.env.BENCH_SERVICE_PORT_BASE ?? 3480);

/** The id of the process listening on `port`. */
const listener = (port) =>
  Number(execFileSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' }).match(/pid=(\d+)/)[1]);

const system = await startSystem({ gatewayPort, servicePortBase });
const admin = new pg.Client({ connectionString: `${system.adminUrl.replace(/\/[^/]*$/, '')}/postgres` });
await admin.connect();
/** CPU seconds per process: the gateway, therapy and every Postgres backend of the system's database. */
const processes = async () => {
  const { rows } = await admin.query('select pid from pg_stat_activity where datname = $1', [
    system.database,
  ]);
  return {
    gateway: [listener(gatewayPort)],
    therapy: [listener(servicePortBase + 2)],
    postgres: rows.map((row) => row.pid),
  };
};
const usage = async () =>
  Object.fromEntries(
    Object.entries(await processes()).map(([name, pids]) => [
      name,
      new Map(pids.map((pid) => [pid, processCpuMs(pid) / 1000])),
    ]),
  );
try {
  const data = await seed(system, { scale: small ? SMALL : FULL });
  console.log(`seeded${small ? ' (BENCH_SMALL)' : ''} in ${data.seconds} s`);
  const path = `/api/child/${data.heavy.childId}/plan/${data.heavy.planId}/detailed-view`;
  for (let round = 1; round <= rounds; round++) {
    // A round the system could not keep up with leaves answers still queued: the next starts once it answers again.
    await data.parent.expect(200, 'GET', path, undefined, 120_000);
    const before = await usage();
    const [ownBefore, machineBefore] = [process.cpuUsage(), machineCpuMs()];
    const result = await detailedViewAtFixedRate(system, data, 50);
    const after = await usage();
    const calls = result.requests + 50; // and the warm-up's
    const own = process.cpuUsage(ownBefore);
    const cpu = {
      'machine CPU ms/request': Number(((machineCpuMs() - machineBefore) / calls).toFixed(2)),
      'of which this process': Number(((own.user + own.system) / 1000 / calls).toFixed(2)),
    };
    for (const [name, pids] of Object.entries(after)) {
      let seconds = 0;
      for (const [pid, used] of pids) seconds += used - (before[name].get(pid) ?? 0);
      cpu[`${name} CPU ms/request`] = Number(((seconds * 1000) / calls).toFixed(2));
    }
    console.log(`detailed view at 50/s, round ${round}:`, {
      ...result,
      ...cpu,
      'load average': os.loadavg()[0],
    });
  }
} finally {
  await admin.end();
  await system.stop();
}
process.exit(0);
