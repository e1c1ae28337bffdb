import type { ServiceDefinition } from '@aba/server-kit';
import { AppModule } from './app.module.js';
import { loadTherapyConfig, type TherapyConfig } from './config.js';
import { therapyDatabase } from './database.js';

export const therapyService: ServiceDefinition<TherapyConfig> = {
  name: 'therapy',
  ...therapyDatabase,
  loadConfig: (env) => loadTherapyConfig(env),
  module: (config) => AppModule.register(config),
  // A report's logo travels as base64 in JSON: up to 256 KB of image is about 350 KB of text.
  jsonBodyLimit: '512kb',
};
