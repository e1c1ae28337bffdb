import { runService } from '@aba/server-kit';
import { billingService } from './service.js';

await runService(billingService);
