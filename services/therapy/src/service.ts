import type { ServiceDefinition } from '@aba/server-kit';
import { AppModule } from './app.module.js';
import { therapyDatabase } from './database.js';

export const therapyService: ServiceDefinition = {
  name: 'therapy',
  ...therapyDatabase,
  module: (config) => AppModule.register(config),
};
