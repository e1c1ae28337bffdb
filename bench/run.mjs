// `npm run bench` (issue 8): one system start (bench/system.mjs: port 8380, services on 3301–3303, a database of
// its own) and one seed (bench/seed.mjs) shared by every measurement, then:
//   load        bench/load.mjs               four calls through the gateway and directly against therapy (autocannon)
//   fixed rate  bench/load.mjs               the detailed view at 50 requests/s through the gateway
//   ceiling     bench/insert-ceiling.mjs     single-row INSERTs/s into the same Postgres through `pg`
//   licence     bench/licence-propagation.mjs  add-license → plan list answering 200, 200 tries
//   mastery     bench/mastery.mjs            an item with 2 years of daily sessions; its progress call at 20 req/s, alone
//                                            and while another item of the child is scored
//   front end   bench/frontend.mjs           JS per route, the two-year chart and the two-year progress graph, in Chromium
//   statements  bench/sql-statements.mjs     SQL statements per request of the four calls and the progress call
//   outbox      bench/outbox-flush.mjs       1 000 captures a phone kept offline, sent by the app in Chromium
//   export      bench/child-export.mjs       two years of one child's data as a ZIP of CSV, then of XLSX
// and, with the system stopped, the gateway's own hop over a no-op upstream (gateway/bench/proxy-throughput.mjs) and
// evaluation create on two small systems side by side, with and without mastery, in turn (bench/mastery-overhead.mjs).
// Prints a table of each measurement next to its goal (✓/✗) and writes bench/results/latest.json. A part that
// crashes is reported and the others still run; a missed goal is a figure, never a failure: the exit code is 0.
// Needs a build first (`npm run build`). BENCH_SMALL=true seeds a small data set (to try the pipeline quickly).
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { resolve } from 'node:path';
import { proxyThroughput } from './proxy-throughput.mjs';
import { measureFrontend } from './frontend.mjs';
import { OUTBOX_RECORDS, outboxFlush } from './outbox-flush.mjs';
import { insertCeiling } from './insert-ceiling.mjs';
import { licencePropagation } from './licence-propagation.mjs';
import { progressAtFixedRate, progressCall, progressWhileScoring, seedTwoYearItem } from './mastery.mjs';
import { childExport, seedTwoYearChild } from './child-export.mjs';
import { masteryOverhead } from './mastery-overhead.mjs';
import { CONNECTIONS, detailedViewAtFixedRate, gatewayVersusDirect, SECONDS, singleCalls } from './load.mjs';
import { FULL, seed, SMALL } from './seed.mjs';
import { countStatements } from './sql-statements.mjs';
import { repoRoot, startSystem } from './system.mjs';

const started = Date.now();
const loadAtStart = os.loadavg();
const small = process.env.BENCH_SMALL === 'true';
const results = {};
const failures = {};
const say = (message) => console.log(message);
process.on('unhandledRejection', (error) => say(`(unhandled: ${error?.stack ?? error})`));

/** Runs one part; a crash is recorded and printed, never thrown. */
async function part(name, run) {
  const t0 = Date.now();
  say(`\n=== ${name} ===`);
  try {
    results[name] = await run();
  } catch (error) {
    failures[name] = error?.message ?? String(error);
    say(`(${name} did not complete: ${error?.stack ?? error})`);
  }
  say(`(${name}: ${((Date.now() - t0) / 1000).toFixed(0)} s)`);
}

let system;
await part('system', async () => {
  system = await startSystem();
  return { origin: system.origin, database: system.database };
});
if (system) {
  try {
    let data;
    await part('seed', async () => {
      data = await seed(system, { scale: small ? SMALL : FULL });
      const { counts, seconds, phases, retries, concurrency, heavy } = data;
      return { small, counts, seconds, concurrency, retries, phases, heavyPlanItems: heavy.items };
    });
    if (data) {
      await part('load', () => gatewayVersusDirect(system, data, say));
      await part('detailed view at 50/s', () => detailedViewAtFixedRate(system, data, 50));
      await part('insert ceiling', () => insertCeiling(system));
      await part('licence propagation', () => licencePropagation(data));
      let masteryItem;
      await part('mastery item, 2 years daily', async () => {
        masteryItem = await seedTwoYearItem(system, data);
        return masteryItem;
      });
      await part('front end', () => measureFrontend(system, data, say, masteryItem));
      await part('outbox flush', () => outboxFlush(system, data, say));
      await part('child export, 2 years', async () =>
        childExport(system, data, await seedTwoYearChild(system, data), say),
      );
      if (masteryItem) {
        await part('progress at 20/s', () => progressAtFixedRate(system, data, masteryItem, 20));
        await part('progress at 20/s while scoring', () => progressWhileScoring(system, data, masteryItem, 20));
      }
      await part('SQL statements', () =>
        countStatements(system, [
          ...singleCalls(data),
          ...(masteryItem ? [progressCall(data, masteryItem)] : []),
        ]),
      );
    }
  } finally {
    await system.stop().catch((error) => say(`(stopping the system failed: ${error.message})`));
  }
}
await part('gateway hop (no-op upstream)', () => proxyThroughput({ seconds: 5, connections: CONNECTIONS }));
await part('mastery on vs off', () => masteryOverhead(say));

// ── Goals ───────────────────────────────────────────────────────────────────────────────────────────────────────
const goals = [];
const goal = (name, measured, op, target, unit = '') => {
  const met =
    measured === undefined || measured === null ? null : op === '≥' ? measured >= target : measured <= target;
  goals.push({ goal: name, measured: measured ?? null, target: `${op} ${target}${unit}`, met });
};
const load = results.load ?? {};
for (const key of ['evaluationCreate', 'detailedView', 'childList', 'behaviorLog']) {
  goal(`gateway ÷ direct: ${load[key]?.name ?? key}`, load[key]?.ratio, '≥', 0.85);
}
const ceiling = results['insert ceiling']?.['inserts/s'];
const evaluationRps = load.evaluationCreate?.gateway['req/s'];
goal(
  'evaluation create (gateway) ÷ INSERT ceiling',
  ceiling && evaluationRps !== undefined ? Number((evaluationRps / ceiling).toFixed(3)) : null,
  '≥',
  0.25,
);
goal(
  'detailed view: SQL statements per request',
  results['SQL statements']?.calls.detailedView?.perRequest,
  '≤',
  4,
);
goal('detailed view: p99 at 50 req/s (ms)', results['detailed view at 50/s']?.['p99 ms'], '≤', 25);
goal(
  'item progress: SQL statements per request',
  results['SQL statements']?.calls.progress?.perRequest,
  '≤',
  3,
);
goal('item progress, 2 years daily: p99 at 20 req/s (ms)', results['progress at 20/s']?.['p99 ms'], '≤', 50);
goal('licence propagation: p99 (ms)', results['licence propagation']?.['p99 ms'], '≤', 200);
const js = results['front end']?.js ?? [];
goal('/login: JS gzip (KB)', js[0]?.kb, '≤', 200);
for (const row of js.slice(1)) goal(`${row.route}: JS added to /login (KB)`, row['added KB'], '≤', 150);
if (!js.length) goal('routes: JS added to /login (KB)', null, '≤', 150);
goal(
  'service worker: /sw.js added to /login (KB gzip)',
  results['front end']?.serviceWorker?.['script gzip KB'],
  '≤',
  10,
);
goal('dashboard chart, 2 years daily: drawn (ms)', results['front end']?.chart['median ms'], '≤', 300);
goal(
  'item progress graph, 2 years daily: drawn (ms)',
  results['front end']?.progressGraph?.['median ms'],
  '≤',
  300,
);
goal(`outbox: ${OUTBOX_RECORDS} queued captures sent (s)`, results['outbox flush']?.seconds, '≤', 30);
for (const format of ['csv', 'xlsx'])
  goal(`child export, 2 years (${format}): seconds`, results['child export, 2 years']?.[format]?.seconds, '≤', 5);
goal(
  'evaluation create: throughput mastery costs (rule + counting)',
  results['mastery on vs off']?.cost,
  '≤',
  0.1,
);

// ── Report ──────────────────────────────────────────────────────────────────────────────────────────────────────
const seconds = Math.round((Date.now() - started) / 1000);
say('\n================ npm run bench: results ================');
if (results.seed) {
  const { counts, seconds: seedSeconds } = results.seed;
  say(
    `Data set${small ? ' (BENCH_SMALL)' : ''}: ${counts.children} children, ${counts.items} items, ${counts.evaluations} evaluations ` +
      `(${counts.heavyChildEvaluations} on the heavy child), ${counts.behaviorLogs} behaviour logs, ${counts.abcEntries} ABC entries; ` +
      `seeded through the gateway in ${seedSeconds} s.`,
  );
}
if (results.load) {
  say(`\nLoad (autocannon, ${SECONDS} s, ${CONNECTIONS} connections; req/s = 2xx answers per second):`);
  console.table(
    Object.values(results.load).map(({ name, gateway, direct, ratio }) => ({
      call: name,
      'gateway req/s': gateway['req/s'],
      'gw p50 ms': gateway['p50 ms'],
      'gw p99 ms': gateway['p99 ms'],
      'gw errors': gateway.errors,
      'direct req/s': direct['req/s'],
      'dir p50 ms': direct['p50 ms'],
      'dir p99 ms': direct['p99 ms'],
      'dir errors': direct.errors,
      'gateway ÷ direct': ratio,
    })),
  );
}
const line = (label, value) =>
  value !== undefined && say(`${label}: ${typeof value === 'string' ? value : JSON.stringify(value)}`);
line('Detailed view at 50 req/s (gateway)', results['detailed view at 50/s']);
line('INSERT ceiling', results['insert ceiling']);
line('Licence propagation', results['licence propagation']);
line('Item progress at 20 req/s (gateway)', results['progress at 20/s']);
line('Item progress at 20 req/s, the child scored meanwhile', results['progress at 20/s while scoring']);
line('Child export, 2 years (gateway)', results['child export, 2 years']);
if (results['SQL statements']) {
  say(`SQL statements per request, from the ${results['SQL statements'].source}:`);
  for (const { name, perRequest, sample } of Object.values(results['SQL statements'].calls)) {
    say(`  ${name}: ${perRequest}`);
    for (const sql of sample) say(`      ${sql.slice(0, 150)}`);
  }
}
if (results['front end']) {
  say('JS per route (gzip, fresh load):');
  console.table(results['front end'].js);
  line(
    'Service worker (its script; what its install keeps in the background)',
    results['front end'].serviceWorker,
  );
  line('Chart (heavy child, period "all")', results['front end'].chart);
  line('Item progress graph (2 years daily)', results['front end'].progressGraph ?? undefined);
}
line('Outbox flush (Chromium, the app sends what a phone kept)', results['outbox flush']);
line('Gateway hop over a no-op upstream (informative)', results['gateway hop (no-op upstream)']);
line('Evaluation create with and without mastery (direct)', results['mastery on vs off']);
say('\nGoals:');
console.table(
  goals.map((g) => ({
    goal: g.goal,
    measured: g.measured ?? 'not measured',
    target: g.target,
    met: g.met === null ? '–' : g.met ? '✓' : '✗',
  })),
);
for (const [name, message] of Object.entries(failures)) say(`✗ ${name} did not complete: ${message}`);
say(`Whole run: ${seconds} s.`);

const output = {
  date: new Date().toISOString(),
  machine: {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    memoryGB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    loadAverageAtStart: loadAtStart.map((n) => Number(n.toFixed(2))),
    loadAverageAtEnd: os.loadavg().map((n) => Number(n.toFixed(2))),
  },
  runSeconds: seconds,
  settings: { loadSeconds: SECONDS, connections: CONNECTIONS, small },
  goals,
  results,
  failures,
};
const dir = resolve(repoRoot, 'bench/results');
mkdirSync(dir, { recursive: true });
writeFileSync(resolve(dir, 'latest.json'), `${JSON.stringify(output, null, 2)}\n`);
say(`Written: bench/results/latest.json`);
process.exit(0);
