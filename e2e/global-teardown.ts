import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { connectNats, deleteStreams, dropDatabase, EventNaming } from '@aba/server-kit';
import { ADMIN_STATE, e2eEnvironment } from './e2e-environment.js';

/** Drops the run's database and streams once the system under test is no longer needed. */
export default async function globalTeardown(): Promise<void> {
  await dropDatabase(e2eEnvironment.adminUrl, e2eEnvironment.database);
  const nc = await connectNats(e2eEnvironment.natsUrl, 'e2e-teardown');
  await deleteStreams(nc, new EventNaming(e2eEnvironment.natsPrefix));
  await nc.close();
  rmSync(e2eEnvironment.mailDir, { recursive: true, force: true });
  rmSync(dirname(ADMIN_STATE), { recursive: true, force: true });
  rmSync(dirname(e2eEnvironment.remotesFile), { recursive: true, force: true });
}
