import { ESLint } from 'eslint';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Every boundary the lint rules draw refuses a sample violation, and lets the matching allowed import through, so a
 * rule that stops working (a renamed tag, a plugin update, a config block that no longer matches) fails here instead
 * of silently allowing everything. The samples are linted as if they were files of the projects named (they are never
 * written).
 */
const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const eslint = new ESLint({ cwd: repoRoot });

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(repoRoot, filePath) });
  return result.messages.map((message) => `${message.ruleId}: ${message.message}`);
}

const importing = (what: string, from: string) =>
  `import { ${what} } from '${from}';\nexport const used = ${what};\n`;

const REFUSED: Array<[string, string, string, RegExp]> = [
  [
    'a remote imports pg',
    'mfe-plans/src/features/evaluate/sample.ts',
    "import pg from 'pg';\nexport const used = pg;\n",
    /enforce-module-boundaries.*"platform:web" is not allowed to import "pg"/,
  ],
  [
    'a remote imports NestJS',
    'mfe-behaviors/src/lib/sample.ts',
    importing('Injectable', '@nestjs/common'),
    /not allowed to import "@nestjs\/common"/,
  ],
  [
    'a remote imports MikroORM',
    'mfe-admin/src/sample.tsx',
    importing('MikroORM', '@mikro-orm/core'),
    /not allowed to import "@mikro-orm\/core"/,
  ],
  [
    'the shell imports a Node module',
    'shell/src/sample.tsx',
    importing('readFileSync', 'node:fs'),
    /no-restricted-imports.*'node:fs'/,
  ],
  [
    'contracts import a Node module',
    'libs/contracts/src/api/sample.ts',
    importing('readFileSync', 'node:fs'),
    /no-restricted-imports.*'node:fs'/,
  ],
  [
    'contracts import a Node module without its prefix',
    'libs/contracts/src/sample.ts',
    importing('createHash', 'crypto'),
    /no-restricted-imports.*'crypto'/,
  ],
  [
    'contracts import React',
    'libs/contracts/src/sample.ts',
    importing('useState', 'react'),
    /"platform:shared" is not allowed to import "react"/,
  ],
  [
    'contracts import a service-side lib',
    'libs/contracts/src/sample.ts',
    importing('HttpError', '@aba/server-kit'),
    /enforce-module-boundaries/,
  ],
  [
    'the mastery lib imports a Node module',
    'libs/mastery/src/sample.ts',
    importing('readFileSync', 'node:fs'),
    /no-restricted-imports.*'node:fs'/,
  ],
  [
    'the mastery lib imports a service-side lib',
    'libs/mastery/src/sample.ts',
    importing('HttpError', '@aba/server-kit'),
    /enforce-module-boundaries/,
  ],
  [
    'the mastery lib imports a web lib',
    'libs/mastery/src/sample.ts',
    importing('useLoginMutation', '@aba/web-kit'),
    /enforce-module-boundaries/,
  ],
  [
    'a feature of a remote imports another feature',
    'mfe-plans/src/features/evaluate/components/sample.tsx',
    importing('PlanItems', '../../plan-detail/components/plan-items.js'),
    /aba\/no-cross-feature: Feature 'evaluate' imports feature 'plan-detail'/,
  ],
  [
    "a shared lib of a remote imports a feature",
    'mfe-plans/src/lib/sample.ts',
    importing('PlanItems', '../features/plan-detail/components/plan-items.js'),
    /aba\/no-cross-feature: src\/lib imports src\/features/,
  ],
  [
    "a feature of the shell imports the app frame",
    'shell/src/features/child/components/sample.tsx',
    importing('ShellLayout', '../../../app/layout/shell-layout.js'),
    /aba\/no-cross-feature: src\/features imports src\/app/,
  ],
  [
    'a system test imports a service by name',
    'system-tests/src/sample.ts',
    importing('AppModule', '@aba/therapy'),
    /no-restricted-imports.*An app or a test project is never imported/,
  ],
  [
    'a system test imports a service by path',
    'system-tests/src/sample.ts',
    importing('AppModule', '@aba/therapy/dist/app.module.js'),
    /enforce-module-boundaries|no-restricted-imports/,
  ],
  [
    'a system test imports a service by a relative path',
    'system-tests/src/sample.ts',
    importing('AppModule', '../../services/therapy/src/app.module.js'),
    /enforce-module-boundaries.*relative or absolute path/,
  ],
  [
    'a shared lib imports a service',
    'libs/server-kit/src/sample.ts',
    importing('AppModule', '@aba/therapy/dist/app.module.js'),
    /enforce-module-boundaries|no-restricted-imports/,
  ],
  [
    'the benchmark reaches into the runner by a relative path',
    'bench/sample.mjs',
    importing('Api', '../infra/src/api-client.mjs'),
    /enforce-module-boundaries.*relative or absolute path/,
  ],
  [
    'a remote imports the shell',
    'mfe-billing/src/sample.ts',
    importing('App', '@aba/shell'),
    /no-restricted-imports.*never imported/,
  ],
  [
    'a service imports another service',
    'services/billing/src/sample.ts',
    importing('AppModule', '@aba/identity/dist/app.module.js'),
    /enforce-module-boundaries|no-restricted-imports/,
  ],
  [
    'a build configuration (linted whole) breaks a rule',
    'mfe-plans/rsbuild.sample.ts',
    importing('App', '@aba/shell'),
    /no-restricted-imports/,
  ],
  [
    "a remote's own code imports the build tooling",
    'mfe-plans/src/sample.ts',
    importing('CHUNK_LOAD_TIMEOUT_MS', '@aba/federation-build'),
    /enforce-module-boundaries.*"platform:web" can only depend on/,
  ],
  [
    'a lib imports the build tooling',
    'libs/web-kit/src/sample.ts',
    importing('CHUNK_LOAD_TIMEOUT_MS', '@aba/federation-build'),
    /enforce-module-boundaries/,
  ],
];

const ALLOWED: Array<[string, string, string]> = [
  [
    'a feature imports its own folder and the shared ones',
    'mfe-plans/src/features/evaluate/components/sample.tsx',
    `${importing('A', '../api/x.js')}${importing('B', '../../../lib/format.js').replace('used', 'usedToo')}`,
  ],
  [
    "the shell's app frame imports a feature and the shared folders",
    'shell/src/app/layout/sample.tsx',
    `${importing('A', '../../features/child/components/x.js')}${importing('B', '../../lib/child-routes.js').replace('used', 'usedToo')}`,
  ],
  [
    'a remote imports web-kit',
    'mfe-plans/src/features/evaluate/sample.ts',
    importing('useTapTargetStyles', '@aba/web-kit/capture'),
  ],
  [
    "web-kit's per-build entry imports the shared instance by name",
    'libs/web-kit/src/forms/sample.tsx',
    importing('useLoginMutation', '@aba/web-kit'),
  ],
  [
    'a system test imports the runner and the contracts',
    'system-tests/src/sample.ts',
    `${importing('Api', '@aba/infra/api-client')}${importing('Subjects', '@aba/contracts/events').replace('used', 'usedToo')}`,
  ],
  ['a spec beside web code reads a file', 'shell/src/sample.spec.ts', importing('readFileSync', 'node:fs')],
  [
    'the mastery lib imports the API contracts',
    'libs/mastery/src/sample.ts',
    importing('ITEM_STATUSES', '@aba/contracts/api'),
  ],
  [
    "a front end's build configuration imports the build tooling",
    'mfe-billing/rsbuild.config.ts',
    importing('CHUNK_LOAD_TIMEOUT_MS', '@aba/federation-build'),
  ],
];

describe('the lint rules keep the boundaries', () => {
  it.each(REFUSED)(
    'refuses: %s',
    async (_name, filePath, code, expected) => {
      const found = await problems(filePath, code);
      expect(found.some((problem) => expected.test(problem))).toBe(true);
    },
    60_000,
  );

  it.each(ALLOWED)(
    'allows: %s',
    async (_name, filePath, code) => {
      expect(await problems(filePath, code)).toEqual([]);
    },
    60_000,
  );

  it('checks module boundaries also where no Nx project graph has been cached yet (a fresh clone)', () => {
    const workspaceData = mkdtempSync(join(tmpdir(), 'aba-nx-data-'));
    try {
      const sample = JSON.stringify(importing('readFileSync', 'pg'));
      const lint = spawnSync(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          `import { ESLint } from 'eslint';
           const [result] = await new ESLint({ cwd: ${JSON.stringify(repoRoot)} }).lintText(${sample}, { filePath: ${JSON.stringify(join(repoRoot, 'mfe-plans/src/sample.ts'))} });
           console.log(JSON.stringify(result.messages.map((message) => message.ruleId)));`,
        ],
        {
          cwd: repoRoot,
          encoding: 'utf8',
          env: { ...process.env, NX_WORKSPACE_DATA_DIRECTORY: workspaceData, NX_DAEMON: 'false' },
        },
      );
      expect(lint.status).toBe(0);
      expect(JSON.parse(lint.stdout.trim().split('\n').pop() ?? '[]')).toContain(
        '@nx/enforce-module-boundaries',
      );
    } finally {
      rmSync(workspaceData, { recursive: true, force: true });
    }
  }, 120_000);
});
