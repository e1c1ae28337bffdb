import type { ServiceDefinition } from '@aba/server-kit';
import { AppModule } from './app.module.js';
import { loadBillingConfig, type BillingConfig } from './config.js';
import { billingDatabase } from './database.js';

export const billingService: ServiceDefinition<BillingConfig> = {
  name: 'billing',
  ...billingDatabase,
  loadConfig: (env) => loadBillingConfig(env),
  module: (config) => AppModule.register(config),
};
