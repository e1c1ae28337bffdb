// Starts the whole system the way `npm start` does, on ports, a database and a NATS prefix of its own, for a
// benchmark; and a small API client with the session cookie and the app's Origin.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export async function startSystem({ gatewayPort = 8380, servicePortBase = 3300 } = {}) {
  const runId = Date.now().toString(36);
  const database = `aba_bench_${runId}`;
  const mailDir = resolve(repoRoot, '.data/bench-mail', runId);
  const admin = { email: 'admin@aba-bench.test', password: 'Admin-bench-2026' };
  const origin = `http://localhost:${gatewayPort}`;
  const child = spawn(process.execPath, [resolve(repoRoot, 'infra/src/start.mjs')], {
    env: {
      ...process.env,
      GATEWAY_PORT: String(gatewayPort),
      IDENTITY_PORT: String(servicePortBase + 1),
      THERAPY_PORT: String(servicePortBase + 2),
      BILLING_PORT: String(servicePortBase + 3),
      APP_DATABASE: database,
      NATS_PREFIX: `bench${runId}`,
      MAIL_DIR: mailDir,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      SKIP_BUILD: 'true',
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`${origin}/health`)).ok) break;
    } catch {
      // starting
    }
    if (Date.now() > deadline || child.exitCode !== null) throw new Error('the system did not start');
    await new Promise((done) => setTimeout(done, 250));
  }
  return {
    origin,
    admin,
    mailDir,
    async stop() {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
      const client = new pg.Client({ connectionString: process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres' });
      await client.connect();
      await client.query(`drop database if exists "${database}" with (force)`);
      await client.end();
      rmSync(mailDir, { recursive: true, force: true });
    },
  };
}

/** A logged-in API client (cookie kept, Origin sent). */
export class Api {
  constructor(origin) {
    this.origin = origin;
    this.cookie = '';
  }

  async call(method, path, body) {
    const response = await fetch(`${this.origin}${path}`, {
      method,
      headers: { origin: this.origin, cookie: this.cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const setCookie = response.headers.get('set-cookie');
    if (setCookie?.startsWith('aba_session=')) this.cookie = setCookie.split(';')[0];
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  }

  async expect(status, method, path, body, retryMs = 0) {
    const deadline = Date.now() + retryMs;
    for (;;) {
      const result = await this.call(method, path, body);
      if (result.status === status) return result.body;
      if (Date.now() > deadline) throw new Error(`${method} ${path} → ${result.status} ${JSON.stringify(result.body)}`);
      await new Promise((done) => setTimeout(done, 200));
    }
  }
}

/** Registers and activates an account through the API and its activation e-mail; returns a logged-in client. */
export async function activeAccount(system, email, password) {
  const api = new Api(system.origin);
  await api.expect(201, 'POST', '/api/register', {
    first_name: 'Bench',
    last_name: 'Parent',
    email,
    phone: '0700000000',
    password,
    confirmedPassword: password,
  });
  let token;
  for (let i = 0; i < 100 && !token; i++) {
    if (existsSync(system.mailDir)) {
      for (const file of readdirSync(system.mailDir)) {
        const text = readFileSync(resolve(system.mailDir, file), 'utf8').replace(/=\r?\n/g, '');
        if (text.includes(email)) token = text.match(/\/token\/activate-user\/([A-Za-z0-9_-]+)/)?.[1];
      }
    }
    if (!token) await new Promise((done) => setTimeout(done, 100));
  }
  await api.expect(200, 'POST', '/api/token/activate-user', { token });
  await api.expect(200, 'POST', '/api/login', { email, password });
  return api;
}

/** Runs `task(i)` for i in [0, count) with `concurrency` in flight. */
export async function pool(count, concurrency, task) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

export function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
