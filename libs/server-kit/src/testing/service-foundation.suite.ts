import type { INestApplication } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import pg from 'pg';
import request from 'supertest';
import { migrateService } from '../database/migrate.js';
import { SERVICE_NAMES } from '../database/provision.js';
import { loadDefinitionConfig, type ServiceDefinition } from '../run-service.js';
import { createServiceApp, type ServiceConfig } from '../service-kit.js';
import { entityTableDrift } from './entity-table-drift.js';
import { metricSample } from './metric-sample.js';
import { createTestEnvironment, type TestEnvironment } from './test-environment.js';

/**
 * What every service must show (registered as a Jest suite by each service's own int-spec):
 * it migrates its own schema as its own role, boots, answers /health, and its role reaches no other schema.
 */
export function serviceFoundationSuite<C extends ServiceConfig>(definition: ServiceDefinition<C>): void {
  describe(`${definition.name} service foundation`, () => {
    let env: TestEnvironment;
    let app: INestApplication | undefined;

    const databaseOptions = () => ({
      schema: definition.name,
      url: env.serviceEnv(definition.name).SERVICE_DATABASE_URL!,
      entities: definition.entities,
      migrations: definition.migrations,
    });

    beforeAll(async () => {
      env = await createTestEnvironment();
    });

    afterAll(async () => {
      await app?.close();
      await env.teardown();
    });

    it('applies its migrations as its own role, once', async () => {
      const applied = await migrateService(databaseOptions());
      expect(applied).toHaveLength(definition.migrations.length);
      expect(await migrateService(databaseOptions())).toEqual([]);
    });

    it('boots and reports the database and NATS healthy', async () => {
      const config = loadDefinitionConfig(definition, env.serviceEnv(definition.name));
      app = await createServiceApp(definition.module(config), {
        name: definition.name,
        config,
        jsonBodyLimit: definition.jsonBodyLimit,
      });
      await app.init();
      const response = await request(app.getHttpServer()).get('/health').expect(200);
      expect(response.body).toEqual({ status: 'ok', checks: { database: 'up', nats: 'up' } });
    });

    it('shows a scraper its metrics at /metrics, without a token: requests per route, the outbox, the pool', async () => {
      await request(app!.getHttpServer()).get('/health').expect(200);
      const response = await request(app!.getHttpServer()).get('/metrics').expect(200);
      expect(response.headers['content-type']).toMatch(/^text\/plain/);
      const service = `service="${definition.name}"`;
      const sample = (name: string, ...labels: string[]) =>
        metricSample(response.text, name, service, ...labels);
      expect(
        sample('http_requests_total', 'route="/health"', 'status="200"', 'method="GET"'),
      ).toBeGreaterThan(0);
      expect(sample('outbox_backlog_events')).toBeGreaterThanOrEqual(0);
      expect(sample('outbox_oldest_event_age_seconds')).toBeGreaterThanOrEqual(0);
      expect(sample('db_pool_connections_max')).toBe(10);
      expect(sample('process_cpu_seconds_total')).toBeGreaterThan(0);
    });

    it('bounds every statement it runs, so no request waits without end on the database', async () => {
      const rows = await app!
        .get(MikroORM)
        .em.getConnection()
        .execute<{ statement_timeout: string }[]>('show statement_timeout');
      expect(rows[0].statement_timeout).toBe('15s');
      await expect(
        app!
          .get(MikroORM)
          .em.getConnection()
          .execute("set local statement_timeout = '50ms'; select pg_sleep(1)"),
      ).rejects.toThrow(/statement timeout/);
    });

    it('has entities that agree with the tables its migrations made, and says so when they do not', async () => {
      const orm = app!.get(MikroORM);
      const [outbox] = [...orm.getMetadata().getAll().values()].filter(
        (meta) => meta.tableName === 'outbox_event',
      );
      const client = new pg.Client({
        connectionString: env.serviceEnv(definition.name).SERVICE_DATABASE_URL,
      });
      await client.connect();
      const drift = () =>
        entityTableDrift(orm, definition.name, async (sql, params) => (await client.query(sql, params)).rows);
      try {
        expect(await drift()).toEqual([]);
        await client.query('begin');
        await client.query(
          `alter table "${definition.name}"."outbox_event" rename column "subject" to "topic"`,
        );
        expect(await drift()).toEqual([
          `${outbox.className}.subject: column outbox_event.subject does not exist`,
          `outbox_event.topic is NOT NULL without a default and no property of ${outbox.className} fills it`,
        ]);
      } finally {
        await client.query('rollback');
        await client.end();
      }
    });

    it('connects as a role that cannot read or create outside its own schema', async () => {
      const client = new pg.Client({
        connectionString: env.serviceEnv(definition.name).SERVICE_DATABASE_URL,
      });
      await client.connect();
      try {
        const own = await client.query(`select count(*) from "${definition.name}"."outbox_event"`);
        expect(own.rows).toHaveLength(1);
        for (const other of SERVICE_NAMES.filter((name) => name !== definition.name)) {
          await expect(client.query(`select * from "${other}"."outbox_event"`)).rejects.toMatchObject({
            code: '42501',
          });
        }
        await expect(client.query('create table public.intruder (id int)')).rejects.toMatchObject({
          code: '42501',
        });
      } finally {
        await client.end();
      }
    });
  });
}
