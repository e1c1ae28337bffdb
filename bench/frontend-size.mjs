// Gzip size of the JavaScript the browser fetches per page, measured in Chromium against the built front ends
// served by the real gateway (no services needed for these pages). Prints figures; never fails the build.
// Usage (after `npm run build`): node bench/frontend-size.mjs
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const port = 8190;
const pages = [
  { page: '/', session: null },
  { page: '/login', session: null },
  { page: '/child/3b7d9a3e-5a2c-4e0b-8d7e-1f2a3b4c5d6e/plan/list', session: 'PARENT' },
  { page: '/child/3b7d9a3e-5a2c-4e0b-8d7e-1f2a3b4c5d6e/dashboard', session: 'PARENT' },
  { page: '/child/3b7d9a3e-5a2c-4e0b-8d7e-1f2a3b4c5d6e/behaviors', session: 'PARENT' },
  { page: '/billing', session: 'PARENT' },
  { page: '/admin/users', session: 'ADMIN' },
];

const gateway = spawn(process.execPath, [resolve(repoRoot, 'gateway/dist/main.js')], {
  env: {
    ...process.env,
    PORT: String(port),
    INTERNAL_TOKEN_SECRET: randomBytes(32).toString('hex'),
    PUBLIC_ORIGIN: `http://localhost:${port}`,
    WEB_ROOT: repoRoot,
    LOG_LEVEL: 'warn',
  },
  stdio: 'inherit',
});

async function waitForGateway() {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) return;
    } catch {
      // starting
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error('gateway did not start');
}

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  await waitForGateway();
  const rows = [];
  for (const { page: path, session } of pages) {
    const context = await browser.newContext();
    const page = await context.newPage();
    if (session) {
      await page.route('**/api/get-session', (route) =>
        route.fulfill({
          contentType: 'application/json',
          body: JSON.stringify({ id: '6f1c5a52-8f0e-4a53-9a53-4b8f0f6f2d11', email: 'bench@example.com', first_name: 'Bench', last_name: 'User', role: session }),
        }),
      );
    }
    const scripts = new Map();
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      try {
        scripts.set(response.url(), gzipSync(await response.body()).length);
      } catch {
        // a response without a body (redirect, failed) adds nothing
      }
    });
    await page.goto(`http://localhost:${port}${path}`, { waitUntil: 'networkidle' });
    const total = [...scripts.values()].reduce((sum, size) => sum + size, 0);
    rows.push({ page: path.replace(/[0-9a-f-]{36}/, '{id}'), files: scripts.size, 'JS gzip KB': Number((total / 1024).toFixed(1)) });
    await context.close();
  }
  console.log('\nJavaScript fetched per page (gzip):');
  console.table(rows);
} finally {
  await browser.close();
  gateway.kill('SIGTERM');
}
