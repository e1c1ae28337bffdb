// `npm test`: lint, build and type-check, unit tests, integration tests (real Postgres and NATS),
// then the Playwright end-to-end specs in Chromium. Ends with one total line over every runner.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { repoRoot } from './environment.mjs';

const resultsDir = resolve(repoRoot, '.data/test-results');
const nx = resolve(repoRoot, 'node_modules/nx/dist/bin/nx.js');
const env = { ...process.env, NX_DAEMON: 'false', NX_TUI: 'false', FORCE_COLOR: process.env.FORCE_COLOR ?? '0' };

function step(title, args, cwd = repoRoot, stepEnv = {}) {
  console.log(`\n=== ${title} ===`);
  const started = Date.now();
  const result = spawnSync(process.execPath, args, { cwd, env: { ...env, ...stepEnv }, stdio: 'inherit' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`=== ${title}: ${result.status === 0 ? 'ok' : 'FAILED'} (${seconds} s) ===`);
  return result.status === 0;
}

function totals() {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  if (!existsSync(resultsDir)) return { passed, failed, skipped };
  for (const file of readdirSync(resultsDir)) {
    const data = JSON.parse(readFileSync(resolve(resultsDir, file), 'utf8'));
    if (data.stats) {
      passed += data.stats.expected + data.stats.flaky;
      failed += data.stats.unexpected;
      skipped += data.stats.skipped;
    } else {
      passed += data.passed;
      failed += data.failed;
      skipped += data.skipped;
    }
  }
  return { passed, failed, skipped };
}

rmSync(resultsDir, { recursive: true, force: true });
const started = Date.now();
const failures = [];

const style = ['--output-style=stream'];
const steps = [
  ['lint and copy detector', [nx, 'run-many', '-t', 'lint,copies', ...style], repoRoot, true],
  ['build and type-check', [nx, 'run-many', '-t', 'build', 'typecheck', ...style], repoRoot, true],
  ['unit tests', [nx, 'run-many', '-t', 'test', ...style, '--skip-nx-cache'], repoRoot, false],
  ['integration tests', [nx, 'run-many', '-t', 'int-test', ...style, '--skip-nx-cache'], repoRoot, false],
  // Two specs at a time, the few that need the system to themselves after (e2e/playwright.config.ts, ADR 0042).
  ['end-to-end tests (Chromium)', [resolve(repoRoot, 'node_modules/@playwright/test/cli.js'), 'test'], resolve(repoRoot, 'e2e'), false, { E2E_WORKERS: '2' }],
];
for (const [title, args, cwd, blocking, stepEnv] of steps) {
  if (step(title, args, cwd, stepEnv)) continue;
  failures.push(title);
  // Tests cannot run meaningfully on code that does not lint or build.
  if (blocking) break;
}

const { passed, failed, skipped } = totals();
const minutes = ((Date.now() - started) / 60000).toFixed(1);
console.log(`\nnpm test took ${minutes} min${failures.length ? `; failed steps: ${failures.join(', ')}` : ''}`);
console.log(`Total: ${passed} passed, ${failed + (failures.length && !failed ? 1 : 0)} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failures.length ? 1 : 0);
