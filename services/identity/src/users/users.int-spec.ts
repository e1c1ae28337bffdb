import 'reflect-metadata';
import { IdentityMessages, userListResponseSchema } from '@aba/contracts/api';
import { eventually, readPublishedEvents } from '@aba/server-kit/testing';
import {
  activeAccount,
  anonymous,
  asUser,
  registration,
  startIdentity,
  type IdentityHarness,
} from '../testing/identity-harness.js';
import { AdminBootstrap } from './admin-bootstrap.js';

const ADMIN_EMAIL = 'root.admin@example.com';
const ADMIN_PASSWORD = 'Admin-passw0rd-long';

describe('bootstrap ADMIN and the users list', () => {
  let identity: IdentityHarness;
  let adminId: string;

  beforeAll(async () => {
    identity = await startIdentity({ ADMIN_EMAIL: ` ${ADMIN_EMAIL.toUpperCase()} `, ADMIN_PASSWORD });
  });

  afterAll(() => identity.close());

  const list = async (query: string, identityOf = asUser(adminId, 'ADMIN')) =>
    identity
      .http()
      .get(`/api/user/list${query}`)
      .set(await identity.headers(identityOf));

  it('creates the ADMIN at start-up, active, able to log in, announced once', async () => {
    const rows = await identity.sql<{ id: string; role: string; active: boolean }>(
      'select id, role, active from identity.user_account where email = ?',
      [ADMIN_EMAIL],
    );
    expect(rows).toEqual([{ id: expect.any(String), role: 'ADMIN', active: true }]);
    adminId = rows[0].id;
    const login = await identity
      .http()
      .post('/api/login')
      .set(await identity.headers(anonymous, { 'x-forwarded-for': '192.0.2.1' }))
      .send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD })
      .expect(200);
    expect(login.body).toEqual({ email: ADMIN_EMAIL, role: 'ADMIN', child_id: null, language: 'ro' });
    await eventually(async () =>
      (await readPublishedEvents(identity.env, 'identity')).some(
        (event) => (event.envelope.data as { userId?: string }).userId === adminId,
      ),
    );
  });

  it('is idempotent: a restart and two replicas starting at once create nothing more', async () => {
    const bootstrap = identity.app.get(AdminBootstrap);
    expect(await bootstrap.ensureAdmin()).toBe(false);
    const replica = await startIdentity({ ADMIN_EMAIL, ADMIN_PASSWORD }, { env: identity.env });
    try {
      await identity.sql('delete from identity.user_account where email = ?', [ADMIN_EMAIL]);
      const results = await Promise.all([
        bootstrap.ensureAdmin(),
        replica.app.get(AdminBootstrap).ensureAdmin(),
        bootstrap.ensureAdmin(),
      ]);
      expect(results.filter(Boolean)).toHaveLength(1);
    } finally {
      await replica.close();
    }
    const rows = await identity.sql<{ id: string }>('select id from identity.user_account where email = ?', [
      ADMIN_EMAIL,
    ]);
    expect(rows).toHaveLength(1);
    adminId = rows[0].id;
  });

  it('lists users newest first, a page at a time, with the total', async () => {
    const inactive = registration({
      first_name: 'Ina',
      last_name: 'Activ',
      phone: '0700 000 001',
      role: 'COORDINATOR',
    });
    await identity
      .http()
      .post('/api/register')
      .set(await identity.headers())
      .send(inactive)
      .expect(201);
    for (let index = 0; index < 11; index++) await activeAccount(identity);
    const newest = await activeAccount(identity, { first_name: 'Newest' });

    const first = await list('');
    expect(first.status).toBe(200);
    const page = userListResponseSchema.parse(first.body);
    expect(page).toMatchObject({ total: 14, page: 1, user_count: 10 });
    expect(page.users).toHaveLength(10);
    expect(page.users[0]).toMatchObject({
      id: newest.id,
      first_name: 'Newest',
      status: 'ACTIVE',
      email: newest.email,
    });
    const dates = page.users.map((user) => user.date_registered);
    expect([...dates].sort().reverse()).toEqual(dates);

    const second = userListResponseSchema.parse((await list('?page=2&user-count=10')).body);
    expect(second.users).toHaveLength(4);
    expect(second.users.map((user) => user.id)).not.toContain(newest.id);
    const ina = second.users.find((user) => user.first_name === 'Ina');
    expect(ina).toMatchObject({
      last_name: 'Activ',
      phone: '0700 000 001',
      role: 'COORDINATOR',
      status: 'INACTIVE',
    });
    expect(second.users.at(-1)).toMatchObject({ role: 'ADMIN', email: ADMIN_EMAIL });

    const all = userListResponseSchema.parse((await list('?page=1&user-count=25')).body);
    expect(all.users).toHaveLength(14);
    expect(userListResponseSchema.parse((await list('?page=3&user-count=10')).body).users).toEqual([]);
    for (const size of [50, 100]) expect((await list(`?user-count=${size}`)).status).toBe(200);
  });

  it('refuses anyone but an ADMIN, and page sizes other than 10, 25, 50 and 100', async () => {
    const parent = await activeAccount(identity);
    await list('', anonymous).then((answer) =>
      expect([answer.status, answer.body]).toEqual([401, { error: IdentityMessages.notLoggedIn }]),
    );
    await list('', asUser(parent.id, 'PARENT')).then((answer) =>
      expect([answer.status, answer.body]).toEqual([403, { error: IdentityMessages.adminOnly }]),
    );
    await list('', asUser(parent.id, 'COORDINATOR')).then((answer) => expect(answer.status).toBe(403));
    for (const query of [
      '?user-count=11',
      '?user-count=abc',
      '?page=0',
      '?page=-1',
      '?page=x',
      '?user-count=10&user-count=25',
    ]) {
      const answer = await list(query);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatch(/^(page|user-count): /);
    }
    await identity.http().get('/api/user/list').expect(401);
  });
});
