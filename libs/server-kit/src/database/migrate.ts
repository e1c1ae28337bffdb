import { MikroORM } from '@mikro-orm/postgresql';
import { serviceOrmConfig, type ServiceDatabaseOptions } from './orm-config.js';

/** Applies a service's pending migrations as its own role. Returns the names applied. */
export async function migrateService(options: ServiceDatabaseOptions): Promise<string[]> {
  const orm = await MikroORM.init(serviceOrmConfig(options));
  try {
    const applied = await orm.migrator.up();
    return applied.map((migration) => migration.name);
  } finally {
    await orm.close(true);
  }
}
