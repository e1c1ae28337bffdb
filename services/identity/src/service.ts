import type { ServiceDefinition } from '@aba/server-kit';
import { AppModule } from './app.module.js';
import { loadIdentityConfig, type IdentityConfig } from './config.js';
import { identityDatabase } from './database.js';

export const identityService: ServiceDefinition<IdentityConfig> = {
  name: 'identity',
  ...identityDatabase,
  loadConfig: (env) => loadIdentityConfig(env),
  module: (config) => AppModule.register(config),
};
