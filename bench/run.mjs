// `npm run bench`: every benchmark the repository keeps, one after the other. Each prints its figures;
// none fails the build. Needs a build first (`npm run build`).
import { spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const benches = [
  ['Front-end JS per page', resolve(repoRoot, 'bench/frontend-size.mjs')],
  ['Detailed plan view', resolve(repoRoot, 'bench/plan-detail.mjs')],
  ['Gateway proxy throughput', resolve(repoRoot, 'gateway/bench/proxy-throughput.mjs')],
];
for (const [title, script] of benches) {
  console.log(`\n=== ${title} ===`);
  const result = spawnSync(process.execPath, [script], { cwd: dirname(script), stdio: 'inherit' });
  if (result.status !== 0) console.log(`(${title} did not complete: exit ${result.status})`);
}
