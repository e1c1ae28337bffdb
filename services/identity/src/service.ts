import type { ServiceDefinition } from '@aba/server-kit';
import { AppModule } from './app.module.js';
import { identityDatabase } from './database.js';

export const identityService: ServiceDefinition = {
  name: 'identity',
  ...identityDatabase,
  module: (config) => AppModule.register(config),
};
