import 'reflect-metadata';
import { IdentityMessages } from '@aba/contracts/api';
import { Subjects } from '@aba/contracts/events';
import { Housekeeping } from '../housekeeping/housekeeping.service.js';
import {
  activeAccount,
  anonymous,
  asUser,
  type IdentityHarness,
  logIn,
  registration,
  resolveSession,
  sessionCookieOf,
  startIdentity,
  STRONG_PASSWORD,
} from '../testing/identity-harness.js';

describe('login, sessions and logout', () => {
  let identity: IdentityHarness;
  let ipCounter = 0;
  /** A fresh client address per test, so the per-address limit of one test does not touch another. */
  const nextIp = () => `198.51.100.${++ipCounter}`;

  beforeAll(async () => {
    identity = await startIdentity();
  });

  afterAll(() => identity.close());

  const login = (email: string, password: string, ip: string) => logIn(identity, email, password, ip);
  const resolve = (sessionId: string) => resolveSession(identity, sessionId);

  it('logs in with a session cookie that is HttpOnly, SameSite=Lax, site-wide, for seven days, not Secure on http', async () => {
    const account = await activeAccount(identity, { role: 'COORDINATOR' });
    const response = await login(` ${account.email.toUpperCase()} `, account.password, nextIp());
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      email: account.email,
      role: 'COORDINATOR',
      child_id: null,
      language: 'ro',
    });
    const cookie = (response.headers['set-cookie'] as unknown as string[])[0];
    expect(cookie).toMatch(
      /^aba_session=[A-Za-z0-9_-]{43}; HttpOnly; SameSite=Lax; Path=\/; Max-Age=604800$/,
    );

    const sessionId = sessionCookieOf(response)!;
    const sessions = await identity.sql<{ id: string; expires_at: Date; created_at: Date }>(
      'select id, expires_at, created_at from identity.session where user_id = ?',
      [account.id],
    );
    expect(sessions).toHaveLength(1);
    expect(sessions[0].id).not.toBe(sessionId);
    expect(sessions[0].id).toMatch(/^[0-9a-f]{64}$/);
    expect(new Date(sessions[0].expires_at).getTime() - new Date(sessions[0].created_at).getTime()).toBe(
      7 * 86_400_000,
    );

    await resolve(sessionId).then((answer) =>
      expect(answer.body).toEqual({ userId: account.id, role: 'COORDINATOR' }),
    );
  });

  it('answers a wrong password and an unknown e-mail the same way', async () => {
    const account = await activeAccount(identity);
    const wrong = await login(account.email, 'Wrong-password-1', nextIp());
    const unknown = await login('nobody@example.com', 'Wrong-password-1', nextIp());
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ error: 'Wrong e-mail or password' });
    expect(unknown.body).toEqual(wrong.body);
    expect(sessionCookieOf(wrong)).toBeNull();
  });

  it('refuses an account that is not activated with 403, and blank fields with 400', async () => {
    const body = registration();
    await identity
      .http()
      .post('/api/register')
      .set(await identity.headers())
      .send(body)
      .expect(201);
    const inactive = await login(String(body.email), STRONG_PASSWORD, nextIp());
    expect(inactive.status).toBe(403);
    expect(inactive.body).toEqual({ error: IdentityMessages.accountInactive });
    const blank = await login('', '', nextIp());
    expect(blank.status).toBe(400);
    expect(blank.body).toEqual({ error: IdentityMessages.requiredFields });
  });

  const retryAfter = (response: { headers: Record<string, unknown> }) =>
    Number(response.headers['retry-after']);

  it('refuses a sixth attempt from one address on one account with 429 and Retry-After; other addresses still log in', async () => {
    const account = await activeAccount(identity);
    const attacker = nextIp();
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await login(account.email, `Wrong-password-${attempt}`, attacker)).status).toBe(401);
    }
    const limited = await login(account.email, account.password, attacker);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: IdentityMessages.tooManyAttempts });
    // Free again once the first of the five failures leaves the 15-minute window.
    expect(retryAfter(limited)).toBeGreaterThan(880);
    expect(retryAfter(limited)).toBeLessThanOrEqual(900);

    // The owner, from an address that has not failed, logs in with the right password (the administrator too).
    expect((await login(account.email, account.password, nextIp())).status).toBe(200);

    await identity.sql(
      `update identity.login_failure set failed_at = failed_at - interval '16 minutes' where account = ?`,
      [account.email],
    );
    expect((await login(account.email, account.password, attacker)).status).toBe(200);
  });

  it('forgets the failures of an address on an account when it logs in there', async () => {
    const account = await activeAccount(identity);
    const ip = nextIp();
    for (let attempt = 1; attempt <= 4; attempt++) await login(account.email, 'Wrong-password-1', ip);
    expect((await login(account.email, account.password, ip)).status).toBe(200);
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect((await login(account.email, 'Wrong-password-1', ip)).status).toBe(401);
    }
    expect((await login(account.email, account.password, ip)).status).toBe(200);
  });

  it('refuses an address after 20 failures, but not for accounts that logged in from it before', async () => {
    const shared = nextIp();
    const colleague = await activeAccount(identity);
    expect((await login(colleague.email, colleague.password, shared)).status).toBe(200);
    const newcomer = await activeAccount(identity);
    for (let attempt = 1; attempt <= 20; attempt++) {
      expect((await login(`guess${attempt}@example.com`, 'Wrong-password-1', shared)).status).toBe(401);
    }
    const limited = await login(newcomer.email, newcomer.password, shared);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: IdentityMessages.tooManyAttempts });
    expect(retryAfter(limited)).toBeGreaterThan(880);
    // A colleague behind the same address keeps working; the newcomer can log in from elsewhere.
    expect((await login(colleague.email, colleague.password, shared)).status).toBe(200);
    expect((await login(newcomer.email, newcomer.password, nextIp())).status).toBe(200);
  });

  it('slows an account attacked from many addresses to one attempt per turn, and still lets the right password in', async () => {
    const account = await activeAccount(identity);
    const known = nextIp();
    expect((await login(account.email, account.password, known)).status).toBe(200);
    // Five failures, each from a new address: no address reaches its own limit.
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await login(account.email, 'Wrong-password-1', nextIp())).status).toBe(401);
    }
    // From now on, attempts from addresses the account has not logged in from take turns, spaced 1 s, then 2 s…
    const started = Date.now();
    const guesses = await Promise.all(
      [1, 2, 3].map(async () => login(account.email, 'Wrong-password-1', nextIp())),
    );
    expect(guesses.map((guess) => guess.status)).toEqual([401, 401, 401]);
    // Three turns one second apart at least (the spacing grows with each failure, never shrinks).
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);

    // The right password from a new address waits for its turn and gets in; from the known address at once.
    expect((await login(account.email, account.password, nextIp())).status).toBe(200);
    expect((await login(account.email, account.password, known)).status).toBe(200);

    // A turn more than 10 s away is not waited for: 429 with the seconds until one would be close enough.
    await identity.sql(
      `update identity.login_pace set next_attempt_at = clock_timestamp() + interval '40 seconds' where account = ?`,
      [account.email],
    );
    const refused = await login(account.email, account.password, nextIp());
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: IdentityMessages.tooManyAttempts });
    expect(retryAfter(refused)).toBeGreaterThanOrEqual(29);
    expect(retryAfter(refused)).toBeLessThanOrEqual(30);
    expect((await login(account.email, account.password, known)).status).toBe(200);
  });

  it('gives the session user, renews the cookie, and ends the session at once on logout', async () => {
    const account = await activeAccount(identity, { first_name: 'Elena', last_name: 'Dima', role: 'PARENT' });
    const sessionId = sessionCookieOf(await login(account.email, account.password, nextIp()))!;
    const me = await identity
      .http()
      .get('/api/get-session')
      .set(await identity.headers(asUser(account.id), { cookie: `theme=dark; aba_session=${sessionId}` }))
      .expect(200);
    expect(me.body).toEqual({
      id: account.id,
      email: account.email,
      first_name: 'Elena',
      last_name: 'Dima',
      role: 'PARENT',
    });
    expect(me.headers['set-cookie']?.[0]).toMatch(
      new RegExp(`^aba_session=${sessionId}; HttpOnly; SameSite=Lax; Path=/; Max-Age=60479\\d$`),
    );

    const logout = await identity
      .http()
      .post('/api/logout')
      .set(await identity.headers(asUser(account.id), { cookie: `aba_session=${sessionId}` }))
      .expect(200);
    expect(logout.body).toEqual({ message: 'Logged out' });
    // Announced to every gateway before the answer: already in the stream.
    const revoked = await identity.publishedNow(Subjects.SessionRevokedV1);
    expect(revoked.filter((data) => data.userId === account.id)).toHaveLength(1);
    expect(logout.headers['set-cookie']?.[0]).toBe('aba_session=; HttpOnly; SameSite=Lax; Path=/; Max-Age=0');
    await resolve(sessionId).then((answer) => {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ error: 'You are not logged in' });
    });
  });

  it('logs out without a session too', async () => {
    await identity
      .http()
      .post('/api/logout')
      .set(await identity.headers())
      .expect(200, { message: 'Logged out' });
  });

  it('resolves only live sessions of active users, sliding the expiry at most once a minute', async () => {
    const account = await activeAccount(identity);
    const sessionId = sessionCookieOf(await login(account.email, account.password, nextIp()))!;
    const row = async () =>
      (
        await identity.sql<{ last_seen_at: Date; expires_at: Date }>(
          'select last_seen_at, expires_at from identity.session where user_id = ?',
          [account.id],
        )
      )[0];

    // Used within the minute: nothing is written.
    const before = await row();
    expect((await resolve(sessionId)).status).toBe(200);
    expect(await row()).toEqual(before);

    // Last seen two minutes ago: the expiry slides to seven days from now.
    await identity.sql(
      `update identity.session set last_seen_at = last_seen_at - interval '2 minutes', expires_at = expires_at - interval '2 days' where user_id = ?`,
      [account.id],
    );
    expect((await resolve(sessionId)).status).toBe(200);
    const slid = await row();
    expect(Math.abs(new Date(slid.expires_at).getTime() - (Date.now() + 7 * 86_400_000))).toBeLessThan(
      10_000,
    );
    expect(Math.abs(new Date(slid.last_seen_at).getTime() - Date.now())).toBeLessThan(10_000);

    // Never past 30 days from login.
    await identity.sql(
      `update identity.session set created_at = now() - interval '29 days', last_seen_at = now() - interval '2 minutes' where user_id = ?`,
      [account.id],
    );
    expect((await resolve(sessionId)).status).toBe(200);
    expect(Math.abs(new Date((await row()).expires_at).getTime() - (Date.now() + 86_400_000))).toBeLessThan(
      10_000,
    );

    // Expired.
    await identity.sql(
      `update identity.session set expires_at = now() - interval '1 second' where user_id = ?`,
      [account.id],
    );
    expect((await resolve(sessionId)).status).toBe(401);
  });

  it('refuses the session of a deactivated user, unknown ids and malformed requests', async () => {
    const account = await activeAccount(identity);
    const sessionId = sessionCookieOf(await login(account.email, account.password, nextIp()))!;
    await identity.sql('update identity.user_account set active = false where id = ?', [account.id]);
    expect((await resolve(sessionId)).status).toBe(401);
    expect((await resolve('x'.repeat(43))).status).toBe(401);
    const empty = await identity
      .http()
      .post('/internal/session/resolve')
      .set(await identity.headers())
      .send({});
    expect(empty.status).toBe(400);
    // Without the gateway's token nobody may ask.
    await identity.http().post('/internal/session/resolve').send({ sessionId }).expect(401);
  });

  it('marks the cookie Secure when the public URL is https', async () => {
    const secure = await startIdentity({ PUBLIC_URL: 'https://aba.example.com' }, { env: identity.env });
    try {
      const account = await activeAccount(identity);
      const response = await secure
        .http()
        .post('/api/login')
        .set(await secure.headers(anonymous, { 'x-forwarded-for': nextIp() }))
        .send({ email: account.email, password: account.password })
        .expect(200);
      expect((response.headers['set-cookie'] as unknown as string[])[0]).toMatch(/; Secure$/);
    } finally {
      await secure.close();
    }
  });
});

describe('housekeeping', () => {
  let identity: IdentityHarness;

  beforeAll(async () => {
    identity = await startIdentity();
  });

  afterAll(() => identity.close());

  it('removes expired sessions, failures too old to count and long-dead links, and nothing else', async () => {
    const account = await activeAccount(identity);
    const live = sessionCookieOf(
      await identity
        .http()
        .post('/api/login')
        .set(await identity.headers(anonymous, { 'x-forwarded-for': '192.0.2.200' }))
        .send({ email: account.email, password: account.password }),
    )!;
    await identity.sql(
      `insert into identity.session (id, user_id, created_at, last_seen_at, expires_at) values (?, ?, now() - interval '8 days', now() - interval '8 days', now() - interval '1 day')`,
      ['0'.repeat(64), account.id],
    );
    await identity.sql(
      `insert into identity.login_failure (account, address, failed_at) values ('old@example.com', 'old', now() - interval '1 hour'), ('recent@example.com', 'recent', now())`,
    );
    await identity.sql(
      `update identity.one_time_token set expires_at = now() - interval '8 days' where user_id = ?`,
      [account.id],
    );

    await identity.app.get(Housekeeping).sweep();

    expect(await identity.sql('select 1 from identity.session where user_id = ?', [account.id])).toHaveLength(
      1,
    );
    const failures = await identity.sql<{ address: string }>(
      `select address from identity.login_failure where address in ('old', 'recent')`,
    );
    expect(failures.map((row) => row.address)).toEqual(['recent']);
    expect(
      await identity.sql('select 1 from identity.one_time_token where user_id = ?', [account.id]),
    ).toHaveLength(0);
    const resolved = await identity
      .http()
      .post('/internal/session/resolve')
      .set(await identity.headers())
      .send({ sessionId: live });
    expect(resolved.status).toBe(200);
  });
});
