// Shared Jest setup: ESM TypeScript through @swc/jest (decorators and their metadata included).
// `kind: 'unit'` runs *.spec.ts(x) beside the code; `kind: 'int'` runs *.int-spec.ts against real Postgres and NATS.
import { fileURLToPath } from 'node:url';

const resultsReporter = fileURLToPath(new URL('./infra/src/jest-results-reporter.cjs', import.meta.url));

export function jestConfig({ kind = 'unit', web = false } = {}) {
  return {
    testEnvironment: 'node',
    extensionsToTreatAsEsm: ['.ts', '.tsx'],
    transform: {
      '^.+\\.tsx?$': [
        '@swc/jest',
        {
          swcrc: false,
          sourceMaps: 'inline',
          jsc: {
            parser: { syntax: 'typescript', tsx: web, decorators: true },
            transform: {
              legacyDecorator: true,
              decoratorMetadata: true,
              useDefineForClassFields: false,
              react: { runtime: 'automatic' },
            },
            target: 'es2023',
            keepClassNames: true,
          },
          module: { type: 'es6' },
        },
      ],
    },
    moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
    testMatch: kind === 'int' ? ['<rootDir>/src/**/*.int-spec.ts'] : ['<rootDir>/src/**/*.spec.ts?(x)'],
    testTimeout: kind === 'int' ? 60_000 : 5_000,
    maxWorkers: kind === 'int' ? 1 : '50%',
    reporters: ['default', [resultsReporter, { kind }]],
  };
}
