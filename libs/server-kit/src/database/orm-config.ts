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

/** MikroORM options for one service: its schema, its role, its migrations, plus the outbox and inbox tables. */
export function serviceOrmConfig(options: ServiceDatabaseOptions): Options {
  return defineConfig({
    clientUrl: options.url,
    schema: options.schema,
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
