import { defineConfig, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import type { Constructor } from '@mikro-orm/core';
import type { Migration } from '@mikro-orm/migrations';
import { eventEntities } from '../events/event-entities.js';

export interface ServiceDatabaseOptions {
  /** The service's own schema; the connecting role owns it and nothing else. */
  schema: string;
  /** Connection URL of the service's own role. */
  url: string;
  entities: NonNullable<Options['entities']>;
  migrations: Constructor<Migration>[];
  debug?: boolean;
}

/**
 * Bounds on a running service's database work, so that no request waits without end on a database that does not
 * answer: a connection (new or from the full pool) within 5 s, a statement within 15 s (the gateway's upstream
 * time-out), cancelled by the server, and given up by the client 1 s later if the server is silent. Migrations run
 * without them.
 */
export const RUNTIME_DATABASE_TIMEOUTS = {
  connectionTimeoutMillis: 5_000,
  statement_timeout: 15_000,
  query_timeout: 16_000,
};

/**
 * Connection options naming the service's own schema as the only one its statements search, so raw SQL names its
 * tables without the schema (`from "child"`), and the schema is written once: in the service's definition.
 */
export function searchOwnSchema(schema: string): { options: string } {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Unsafe schema name: ${schema}`);
  return { options: `-c search_path=${schema}` };
}

/** MikroORM options for one service: its schema, its role, its migrations, plus the outbox and inbox tables. */
export function serviceOrmConfig(options: ServiceDatabaseOptions): Options {
  return defineConfig({
    clientUrl: options.url,
    schema: options.schema,
    driverOptions: searchOwnSchema(options.schema),
    entities: [...options.entities, ...eventEntities],
    extensions: [Migrator],
    migrations: {
      migrationsList: options.migrations,
      schema: options.schema,
      tableName: 'mikro_orm_migrations',
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      snapshotOnMigrate: false,
      silent: true,
    },
    forceUtcTimezone: true,
    allowGlobalContext: false,
    ensureDatabase: false,
    pool: { min: 0, max: 10 },
    debug: options.debug ?? false,
  });
}
