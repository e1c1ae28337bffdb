import { runService } from '@aba/server-kit';
import { therapyService } from './service.js';

await runService(therapyService);
