import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The copy detector `npm run lint` runs (`copies`, jscpd with the repository's .jscpd.json) refuses a function written
 * twice and lets two different ones through, so a broken config or an update that stops detecting fails here.
 */
const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const jscpd = join(repoRoot, 'node_modules/.bin/jscpd');

const summarise = (name: string, factor: number) => `export function ${name}(values: number[], labels: string[]) {
  const result: Record<string, number> = {};
  for (let index = 0; index < values.length; index++) {
    const label = labels[index] ?? \`value \${index}\`;
    const previous = result[label] ?? 0;
    result[label] = previous + values[index] * ${factor} - Math.floor(values[index] / 3);
  }
  if (Object.keys(result).length === 0) throw new Error('nothing to summarise');
  return result;
}
`;

const distinct = `export function lastDay(days: string[]): string | undefined {
  return [...days].sort().at(-1);
}
`;

function detect(files: Record<string, string>): { status: number | null; output: string } {
  const dir = mkdtempSync(join(tmpdir(), 'aba-copies-'));
  try {
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    const run = spawnSync(jscpd, ['--config', join(repoRoot, '.jscpd.json'), dir], { cwd: repoRoot, encoding: 'utf8' });
    return { status: run.status, output: run.stdout + run.stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('copy detector', () => {
  it('fails on a function written twice, naming both files', () => {
    const { status, output } = detect({ 'a.ts': summarise('summarise', 2), 'b.ts': summarise('total', 2) });
    expect(status).toBe(1);
    expect(output).toMatch(/a\.ts[\s\S]*b\.ts/);
  });

  it('passes when the code is not repeated', () => {
    const { status } = detect({ 'a.ts': summarise('summarise', 2), 'b.ts': distinct });
    expect(status).toBe(0);
  });
});
