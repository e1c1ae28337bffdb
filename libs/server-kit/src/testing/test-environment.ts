import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { loadConfig } from '../config/load-config.js';
import {
  dropDatabase,
  provisionDatabase,
  serviceDatabaseUrl,
  SERVICE_NAMES,
  type ServiceName,
} from '../database/provision.js';
import { connectNats, deleteStreams } from '../events/jetstream.js';
import { EventNaming } from '../events/naming.js';

const testConfig = z
  .object({
    TEST_DATABASE_ADMIN_URL: z.string().default('postgres://postgres@127.0.0.1:5432/postgres'),
    NATS_URL: z.string().default('nats://127.0.0.1:4222'),
    /** Log level of the services under test (`TEST_LOG_LEVEL=debug npm run int-test` to see their logs). */
    TEST_LOG_LEVEL: z.string().default('silent'),
  })
  .transform((env) => ({
    adminUrl: env.TEST_DATABASE_ADMIN_URL,
    natsUrl: env.NATS_URL,
    logLevel: env.TEST_LOG_LEVEL,
  }));

const ROLE_PASSWORD = 'test';
export const TEST_INTERNAL_TOKEN_SECRET = 'integration-tests-internal-token-secret';

export interface TestEnvironment {
  /** The database created for this run (dropped by teardown). */
  database: string;
  adminUrl: string;
  natsUrl: string;
  /** Stream/subject prefix created for this run (its streams are deleted by teardown). */
  natsPrefix: string;
  /** The environment a service process of this run is configured with. */
  serviceEnv(service: ServiceName, extra?: Record<string, string>): NodeJS.ProcessEnv;
  teardown(): Promise<void>;
}

/**
 * A database and a NATS prefix of their own for one test run: every service schema and role provisioned,
 * nothing shared with another run but the servers.
 */
export async function createTestEnvironment(options: { natsUrl?: string } = {}): Promise<TestEnvironment> {
  const { test } = loadConfig({ test: testConfig });
  const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const database = `aba_test_${runId}`;
  const natsPrefix = `t${runId}`;
  const natsUrl = options.natsUrl ?? test.natsUrl;
  await provisionDatabase({
    adminUrl: test.adminUrl,
    database,
    services: SERVICE_NAMES,
    rolePassword: ROLE_PASSWORD,
  });
  return {
    database,
    adminUrl: test.adminUrl,
    natsUrl,
    natsPrefix,
    serviceEnv: (service, extra = {}) => ({
      SERVICE_DATABASE_URL: serviceDatabaseUrl(test.adminUrl, database, service, ROLE_PASSWORD),
      NATS_URL: natsUrl,
      NATS_PREFIX: natsPrefix,
      INTERNAL_TOKEN_SECRET: TEST_INTERNAL_TOKEN_SECRET,
      LOG_LEVEL: test.logLevel,
      PORT: '0',
      ...extra,
    }),
    async teardown() {
      await dropDatabase(test.adminUrl, database);
      const nc = await connectNats(natsUrl, 'test-teardown');
      await deleteStreams(nc, new EventNaming(natsPrefix));
      await nc.close();
    },
  };
}

/** Polls until `check` returns a truthy value (returned) or fails after `timeoutMs`. */
export async function eventually<T>(
  check: () => Promise<T> | T,
  timeoutMs = 10_000,
  intervalMs = 50,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value) return value;
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error(`Condition not met within ${timeoutMs} ms${lastError ? `: ${String(lastError)}` : ''}`);
}
