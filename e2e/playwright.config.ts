import { defineConfig, devices } from '@playwright/test';
import { baseURL, e2eEnvironment, WITHOUT_SERVICE_WORKER } from './e2e-environment.js';

const launchOptions = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/**
 * `npm test` runs the specs on two workers (`E2E_WORKERS=2`; ADR 0042): each spec makes its own accounts and children,
 * so they may share the system. These few read or strain all of it and run afterwards, alone: fuzz (a refused request
 * must write nothing anywhere, and another spec's login is a write), load (100 therapists at once) and the independent
 * deploy (it moves a remote for every page). One worker, the default, runs everything in turn.
 */
const ALONE = /\/(fuzz|load|independent-deploy)\.spec\.ts$/;
const workers = Number(process.env.E2E_WORKERS || 1);

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers,
  retries: 0,
  forbidOnly: true,
  // A guard against a hung spec, not a speed check: two specs at once on two cores take longer each.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '../.data/test-results/e2e.json' }]],
  outputDir: `test-results/${e2eEnvironment.gatewayPort}`,
  globalTeardown: './global-teardown.ts',
  use: {
    baseURL,
    // Recording a trace (a screencast of every test, kept for failures) took a quarter of the suite's time on two
    // cores; a failure still leaves its screenshot and error context. E2E_TRACE=on records them when hunting one.
    trace: process.env.E2E_TRACE === 'on' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    locale: 'ro-RO',
    ...WITHOUT_SERVICE_WORKER,
  },
  projects: [
    { name: 'setup', testDir: '.', testMatch: /auth\.setup\.ts/, use: { launchOptions } },
    {
      name: 'chromium',
      testIgnore: ALONE,
      dependencies: ['setup'],
      use: { ...devices['Desktop Chrome'], launchOptions },
    },
    {
      name: 'chromium-alone',
      testMatch: ALONE,
      workers: 1,
      dependencies: workers > 1 ? ['setup', 'chromium'] : ['setup'],
      use: { ...devices['Desktop Chrome'], launchOptions },
    },
  ],
  webServer: {
    // The project's own Node (24), whatever `node` on PATH is.
    command: `"${process.execPath}" ../infra/src/start.mjs`,
    url: `http://127.0.0.1:${e2eEnvironment.gatewayPort}/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    env: {
      GATEWAY_PORT: String(e2eEnvironment.gatewayPort),
      IDENTITY_PORT: String(e2eEnvironment.servicePorts.identity),
      THERAPY_PORT: String(e2eEnvironment.servicePorts.therapy),
      BILLING_PORT: String(e2eEnvironment.servicePorts.billing),
      APP_DATABASE: e2eEnvironment.database,
      NATS_PREFIX: e2eEnvironment.natsPrefix,
      SKIP_BUILD: process.env.E2E_BUILD === 'true' ? 'false' : 'true',
      // The specs make their own data; the demo seed would run alongside them.
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      MAIL_DIR: e2eEnvironment.mailDir,
      REMOTES_FILE: e2eEnvironment.remotesFile,
      ADMIN_EMAIL: e2eEnvironment.admin.email,
      ADMIN_PASSWORD: e2eEnvironment.admin.password,
      // The load spec puts 100 therapists on one parent's children in one go (the limit itself: therapy's tests).
      HELPER_ADDITIONS_PER_USER_PER_DAY: '1000',
    },
  },
});
