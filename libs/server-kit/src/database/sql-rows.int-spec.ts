import { MikroORM } from '@mikro-orm/core';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment.js';
import { eventTablesMigration, outboxRetentionMigration } from './event-tables.migration.js';
import { migrateService } from './migrate.js';
import { serviceOrmConfig, type ServiceDatabaseOptions } from './orm-config.js';
import { preparedRows, sqlRows } from './sql-rows.js';

describe('raw SQL on a service connection', () => {
  let env: TestEnvironment;
  let orm: MikroORM;

  beforeAll(async () => {
    env = await createTestEnvironment();
    const options: ServiceDatabaseOptions = {
      schema: 'billing',
      url: env.serviceEnv('billing').SERVICE_DATABASE_URL!,
      entities: [],
      migrations: [eventTablesMigration('billing'), outboxRetentionMigration('billing')],
    };
    await migrateService(options);
    orm = await MikroORM.init(serviceOrmConfig(options));
  });

  afterAll(async () => {
    await orm?.close();
    await env.teardown();
  });

  it("searches the configured schema only, so statements name the service's tables without it", async () => {
    const em = orm.em.fork();
    expect(await sqlRows(em, 'show search_path')).toEqual([{ search_path: 'billing' }]);
    expect(await sqlRows(em, 'select count(*)::int as "rows" from "outbox_event"')).toEqual([{ rows: 0 }]);
  });

  it("runs in the entity manager's transaction", async () => {
    const seen = await orm.em.fork().transactional(async (em) => {
      await sqlRows(em, `select set_config('aba.probe', 'inside', true)`);
      return sqlRows<{ probe: string }>(em, `select current_setting('aba.probe') as "probe"`);
    });
    expect(seen).toEqual([{ probe: 'inside' }]);
  });

  it('prepares a read on its connection, and in a transaction runs it there with the same parameters', async () => {
    const read = `select ?::int + ?::int as "sum", ?::text as "first",
                         nullif(current_setting('aba.probe', true), '') as "probe"`;
    const em = orm.em.fork();
    expect(await preparedRows(em, read, [2, 3, 2])).toEqual([{ sum: 5, first: '2', probe: null }]);
    expect(await preparedRows(em, read, [4, 5, 4])).toEqual([{ sum: 9, first: '4', probe: null }]);
    // The statement sees the statements prepared on its own connection, itself included.
    const itself = `select count(*)::int as "prepared" from pg_prepared_statements
                     where statement like '%' || ? || '%'`;
    expect(await preparedRows(em, itself, ['pg_prepared_statements'])).toEqual([{ prepared: 1 }]);
    const inside = await orm.em.fork().transactional(async (tx) => {
      await sqlRows(tx, `select set_config('aba.probe', 'inside', true)`);
      return preparedRows(tx, read, [7, 1, 7]);
    });
    expect(inside).toEqual([{ sum: 8, first: '7', probe: 'inside' }]);
  });
});
