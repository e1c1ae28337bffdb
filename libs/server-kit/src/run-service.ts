import type { DynamicModule } from '@nestjs/common';
import { migrateService } from './database/migrate.js';
import type { ServiceName } from './database/provision.js';
import { createLogger } from './logging/logger.js';
import { loadConfig } from './config/load-config.js';
import { logConfig, postgresConfig } from './config/schemas.js';
import { createServiceApp, loadServiceConfig, type ServiceConfig, type ServiceKitOptions } from './service-kit.js';

export interface ServiceDefinition extends Omit<ServiceKitOptions, 'config'> {
  name: ServiceName;
  /** The service's root module for a configuration. */
  module(config: ServiceConfig): DynamicModule;
}

function fail(name: string, error: unknown): never {
  createLogger(name, 'info').fatal(error instanceof Error ? error.message : String(error));
  process.exit(1);
}

/** `main.ts` of a service: parse config, boot, listen. */
export async function runService(definition: ServiceDefinition): Promise<void> {
  try {
    const config = loadServiceConfig(definition.name);
    const app = await createServiceApp(definition.module(config), { name: definition.name, config });
    await app.listen(config.http.port, config.http.host);
  } catch (error) {
    fail(definition.name, error);
  }
}

/** `migrate.ts` of a service: the explicit migration step that `npm start` and test set-up call. */
export async function runMigrations(definition: ServiceDefinition): Promise<void> {
  try {
    const config = loadConfig({ postgres: postgresConfig, log: logConfig });
    const applied = await migrateService({
      schema: definition.name,
      url: config.postgres.url,
      entities: definition.entities,
      migrations: definition.migrations,
    });
    createLogger(definition.name, config.log.level).info({ applied }, `${applied.length} migration(s) applied`);
  } catch (error) {
    fail(definition.name, error);
  }
}
