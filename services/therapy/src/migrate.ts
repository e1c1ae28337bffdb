import { runMigrations } from '@aba/server-kit';
import { therapyService } from './service.js';

await runMigrations(therapyService);
