import type { DynamicModule } from '@nestjs/common';
import { migrateService } from './database/migrate.js';
import type { ServiceName } from './database/provision.js';
import { createLogger } from './logging/logger.js';
import { loadConfig } from './config/load-config.js';
import { logConfig, postgresConfig } from './config/schemas.js';
import {
  createServiceApp,
  loadServiceConfig,
  type ServiceConfig,
  type ServiceKitOptions,
} from './service-kit.js';

export interface ServiceDefinition<C extends ServiceConfig = ServiceConfig> extends Omit<
  ServiceKitOptions,
  'config'
> {
  name: ServiceName;
  /**
   * Parses the service's whole configuration from an environment, when it needs more than the shared
   * `loadServiceConfig` (which is the default). The only reader of the environment besides server-kit.
   */
  loadConfig?(env: NodeJS.ProcessEnv): C;
  /** The service's root module for a configuration. */
  module(config: C): DynamicModule;
  /** The largest JSON body the service reads, when more than the 100 KB of the others (e.g. an image as base64). */
  jsonBodyLimit?: string;
}

/** A service's configuration from an environment: its own `loadConfig`, else the shared one. */
export function loadDefinitionConfig<C extends ServiceConfig>(
  definition: ServiceDefinition<C>,
  env: NodeJS.ProcessEnv = process.env,
): C {
  return definition.loadConfig ? definition.loadConfig(env) : (loadServiceConfig(definition.name, env) as C);
}

function fail(name: string, error: unknown): never {
  createLogger(name, 'info').fatal(error instanceof Error ? error.message : String(error));
  process.exit(1);
}

/** `main.ts` of a service: parse config, boot, listen. */
export async function runService<C extends ServiceConfig>(definition: ServiceDefinition<C>): Promise<void> {
  try {
    const config = loadDefinitionConfig(definition);
    const app = await createServiceApp(definition.module(config), {
      name: definition.name,
      config,
      jsonBodyLimit: definition.jsonBodyLimit,
    });
    await app.listen(config.http.port, config.http.host);
  } catch (error) {
    fail(definition.name, error);
  }
}

/** `migrate.ts` of a service: the explicit migration step that `npm start` and test set-up call. */
export async function runMigrations<C extends ServiceConfig>(
  definition: ServiceDefinition<C>,
): Promise<void> {
  try {
    const config = loadConfig({ postgres: postgresConfig, log: logConfig });
    const applied = await migrateService({
      schema: definition.name,
      url: config.postgres.url,
      entities: definition.entities,
      migrations: definition.migrations,
    });
    createLogger(definition.name, config.log.level).info(
      { applied },
      `${applied.length} migration(s) applied`,
    );
  } catch (error) {
    fail(definition.name, error);
  }
}
