// Starts the whole system the way `npm start` does, on ports, a database and a NATS prefix of its own, for a
// benchmark (the API client is infra/src/api-client.mjs, shared with the runner's demo seed). The internal token
// secret is chosen here, so that the benchmark can call a service directly with a token it signs itself.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The Postgres the runner picks first when DATABASE_URL is unset (infra/src/infrastructure.mjs). */
export const adminUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** `env`: variables set for the system beyond the benchmark's own (e.g. `MASTERY_DECISIONS=off`). */
export async function startSystem({ gatewayPort = 8380, servicePortBase = 3300, env = {} } = {}) {
  const runId = Date.now().toString(36);
  const database = `aba_bench_${runId}`;
  const mailDir = resolve(repoRoot, '.data/bench-mail', runId);
  const admin = { email: 'admin@aba-bench.test', password: 'Admin-bench-2026' };
  const origin = `http://localhost:${gatewayPort}`;
  const internalTokenSecret = randomBytes(32).toString('hex');
  const servicePorts = {
    identity: servicePortBase + 1,
    therapy: servicePortBase + 2,
    billing: servicePortBase + 3,
  };
  const child = spawn(process.execPath, [resolve(repoRoot, 'infra/src/start.mjs')], {
    env: {
      ...process.env,
      GATEWAY_PORT: String(gatewayPort),
      IDENTITY_PORT: String(servicePorts.identity),
      THERAPY_PORT: String(servicePorts.therapy),
      BILLING_PORT: String(servicePorts.billing),
      APP_DATABASE: database,
      NATS_PREFIX: `bench${runId}`,
      MAIL_DIR: mailDir,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      INTERNAL_TOKEN_SECRET: internalTokenSecret,
      SKIP_BUILD: 'true',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'error',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // A crash of the benchmark must not leave the system running.
  const killOnExit = () => child.kill('SIGTERM');
  process.once('exit', killOnExit);
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`${origin}/health`)).ok) break;
    } catch {
      // starting
    }
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill('SIGTERM');
      throw new Error('the system did not start');
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  return {
    origin,
    /** Where the gateway answers (the same host as `origin`, by address). */
    baseUrl: `http://127.0.0.1:${gatewayPort}`,
    admin,
    mailDir,
    database,
    adminUrl,
    rolePassword: process.env.DB_ROLE_PASSWORD || 'aba-local',
    internalTokenSecret,
    /** Where each service answers directly (the gateway's upstreams). */
    serviceUrls: Object.fromEntries(
      Object.entries(servicePorts).map(([name, port]) => [name, `http://127.0.0.1:${port}`]),
    ),
    async stop() {
      process.removeListener('exit', killOnExit);
      if (child.exitCode === null) {
        const exited = new Promise((done) => child.once('exit', done));
        child.kill('SIGTERM');
        await exited;
      }
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists "${database}" with (force)`);
      await client.end();
      rmSync(mailDir, { recursive: true, force: true });
    },
  };
}

/** Milliseconds of CPU the machine has spent, every core, all but idle. */
export const machineCpuMs = () =>
  os.cpus().reduce((sum, { times }) => sum + times.user + times.nice + times.sys + times.irq, 0);

/** Milliseconds of CPU (user + system) process `pid` has used (/proc), 0 once it is gone. */
export function processCpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** Runs `task(i)` for i in [0, count) with `concurrency` in flight. */
export async function pool(count, concurrency, task) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

export function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
