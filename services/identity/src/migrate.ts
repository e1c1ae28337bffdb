import { runMigrations } from '@aba/server-kit';
import { identityService } from './service.js';

await runMigrations(identityService);
