import { runMigrations } from '@aba/server-kit';
import { billingService } from './service.js';

await runMigrations(billingService);
