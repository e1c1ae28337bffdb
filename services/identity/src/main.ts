import { runService } from '@aba/server-kit';
import { identityService } from './service.js';

await runService(identityService);
