import { defineConfig, devices } from '@playwright/test';
import { baseURL, e2eEnvironment } from './e2e-environment.js';

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '../.data/test-results/e2e.json' }]],
  globalTeardown: './global-teardown.ts',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'ro-RO',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
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
        },
      },
    },
  ],
  webServer: {
    command: 'node ../infra/src/start.mjs',
    url: `http://127.0.0.1:${e2eEnvironment.gatewayPort}/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    env: {
      GATEWAY_PORT: String(e2eEnvironment.gatewayPort),
      IDENTITY_PORT: '3101',
      THERAPY_PORT: '3102',
      BILLING_PORT: '3103',
      APP_DATABASE: e2eEnvironment.database,
      NATS_PREFIX: e2eEnvironment.natsPrefix,
      SKIP_BUILD: process.env.E2E_BUILD === 'true' ? 'false' : 'true',
      LOG_LEVEL: 'warn',
    },
  },
});
