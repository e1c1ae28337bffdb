import type { INestApplication } from '@nestjs/common';

/**
 * Starts a service under test listening on an ephemeral loopback port, as it listens at boot in production. Left to
 * supertest, the server would be started by each batch of requests, inside the async context of the test that sent
 * them, and every request it served would inherit that context: one sent from within the test's own transaction
 * would run in that transaction, since MikroORM keeps a transaction's entity manager in AsyncLocalStorage and the
 * service's entity manager prefers it (ADR 0033).
 */
export async function listenForTests(app: INestApplication): Promise<void> {
  await app.listen(0, '127.0.0.1');
}
