import { Api, mailedToken } from '@aba/infra/api-client';
import { FaultySystem, PASSWORD } from './support/faulty-system.js';

const NEW_PASSWORD = 'Alta-parola-2027';

/**
 * Issue 12 (security 5): sessions end at once across gateway replicas. Each gateway remembers a resolved session for
 * up to 3 s; identity announces every ended session (logout, new password) on NATS before it answers, and every
 * replica forgets it. The old cookie answers 401 on the first request after the answer, on any replica.
 */
describe('two gateway replicas', () => {
  let system: FaultySystem;
  let replica: string;

  beforeAll(async () => {
    system = await FaultySystem.start();
    replica = await system.startGatewayReplica();
  }, 120_000);

  afterAll(() => system?.stop(), 60_000);

  /** The same browser session sent to the other replica (as a load balancer may do). */
  const onReplica = (api: Api): Api => {
    const other = new Api(system.origin, replica);
    other.cookie = api.cookie;
    return other;
  };

  it('ends the session on every replica before a password reset answers', async () => {
    const email = 'parinte.replici@aba-system.test';
    const browser = await system.register(email);
    const elsewhere = onReplica(browser);
    await system.client().expect(200, 'POST', '/api/reset-password', { email });
    const token = await mailedToken(system.mailDir, email, 'reset');

    // Both replicas now remember the session.
    await browser.expect(200, 'GET', '/api/get-session');
    await elsewhere.expect(200, 'GET', '/api/get-session');
    await system
      .client()
      .expect(200, 'POST', '/api/token/reset-password', {
        token,
        password: NEW_PASSWORD,
        confirmedPassword: NEW_PASSWORD,
      });

    expect((await elsewhere.call('GET', '/api/get-session')).status).toBe(401);
    expect((await browser.call('GET', '/api/get-session')).status).toBe(401);
    expect((await elsewhere.call('GET', '/api/child/list')).status).toBe(401);
    await system.login(email, NEW_PASSWORD);
  });

  it('ends the session on the other replica before a logout answers', async () => {
    const email = 'parinte.iesire@aba-system.test';
    await system.register(email);
    const browser = await system.login(email, PASSWORD);
    const elsewhere = onReplica(browser);
    await elsewhere.expect(200, 'GET', '/api/child/list');
    await browser.expect(200, 'POST', '/api/logout');

    expect((await elsewhere.call('GET', '/api/child/list')).status).toBe(401);
  });
});
