import type { ServiceDefinition } from '@aba/server-kit';
import { AppModule } from './app.module.js';
import { billingDatabase } from './database.js';

export const billingService: ServiceDefinition = {
  name: 'billing',
  ...billingDatabase,
  module: (config) => AppModule.register(config),
};
