// Gzip size of the JavaScript the browser fetches for the public pages, measured in Chromium against the built
// front ends served by the real gateway (the public pages need no service). Pages behind a login need the whole
// system running and belong to the full benchmark suite. Prints figures; never fails the build.
// Usage (after `npm run build`): node bench/frontend-size.mjs
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { LAUNCH, scriptsOf, serviceWorkerSize } from './frontend.mjs';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const port = 8190;
const pages = ['/', '/login', '/register', '/terms'];

const gateway = spawn(process.execPath, [resolve(repoRoot, 'gateway/dist/main.js')], {
  env: {
    ...process.env,
    PORT: String(port),
    INTERNAL_TOKEN_SECRET: randomBytes(32).toString('hex'),
    PUBLIC_ORIGIN: `http://localhost:${port}`,
    WEB_ROOT: repoRoot,
    // The public pages ask for the session; with no identity running that is an expected 502.
    LOG_LEVEL: 'fatal',
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

const browser = await chromium.launch(LAUNCH);
try {
  await waitForGateway();
  const rows = [];
  for (const path of pages) {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const { files, kb } = await scriptsOf(context, `http://localhost:${port}${path}`);
    rows.push({ page: path, files, 'JS gzip KB': kb });
    await context.close();
  }
  console.log('\nJavaScript fetched per page (gzip):');
  console.table(rows);
  console.log('Service worker (its script; what its install keeps in the background):');
  console.table([await serviceWorkerSize(browser, `http://localhost:${port}`)]);
} finally {
  await browser.close();
  gateway.kill('SIGTERM');
}
