// The system under test is started the way `npm start` starts it, on ports of its own and with a
// database and NATS prefix of its own, so a developer's running instance is never touched.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const runId = process.env.E2E_RUN_ID || Date.now().toString(36);
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function servicePorts(first: number) {
  return { identity: first, therapy: first + 1, billing: first + 2 };
}

export const e2eEnvironment = {
  runId,
  /** E2E_GATEWAY_PORT and E2E_SERVICE_PORT (the first of three) let two runs share a machine. */
  gatewayPort: Number(process.env.E2E_GATEWAY_PORT || 8180),
  servicePorts: servicePorts(Number(process.env.E2E_SERVICE_PORT || 3101)),
  database: `aba_e2e_${runId}`,
  natsPrefix: `e2e${runId}`,
  adminUrl: process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
  natsUrl: process.env.NATS_URL || 'nats://127.0.0.1:4222',
  mailDir: resolve(repoRoot, '.data/e2e-mail', runId),
  /** The gateway's REMOTES_FILE: a spec moves a remote to another host by writing it. */
  remotesFile: resolve(repoRoot, '.data/e2e-remotes', runId, 'remotes.json'),
  repoRoot,
  admin: { email: 'admin@aba-e2e.test', password: 'Admin-e2e-2026' },
};
process.env.E2E_RUN_ID = runId;

/** Where auth.setup.ts stores the logged-in administrator's browser state. */
export const ADMIN_STATE = resolve(repoRoot, '.data/e2e-auth', runId, 'admin.json');

export const baseURL = `http://localhost:${e2eEnvironment.gatewayPort}`;

/**
 * Browser contexts block the service worker (ADR 0039), except in offline-app.spec.ts which tests it: page.route
 * cannot see what a worker fetches, and each new context's first install downloads the whole app in the background.
 * The config applies it to every test's own context; a context a test opens itself spreads it.
 */
export const WITHOUT_SERVICE_WORKER = { serviceWorkers: 'block' } as const;
