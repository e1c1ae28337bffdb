import 'reflect-metadata';
import { IdentityMessages } from '@aba/contracts/api';
import { Subjects } from '@aba/contracts/events';
import {
  activeAccount,
  type IdentityHarness,
  logIn,
  PUBLIC_URL,
  registration,
  resolveSession,
  sessionCookieOf,
  startIdentity,
} from '../testing/identity-harness.js';

const NEW_PASSWORD = 'Brand-new-passw0rd';

describe('password reset', () => {
  let identity: IdentityHarness;
  let ip = 0;

  beforeAll(async () => {
    identity = await startIdentity();
  });

  afterAll(() => identity.close());

  const requestReset = async (email: string) =>
    identity
      .http()
      .post('/api/reset-password')
      .set(await identity.headers())
      .send({ email });
  const validate = async (token: string) =>
    identity
      .http()
      .get(`/api/token/${encodeURIComponent(token)}/validate`)
      .set(await identity.headers());
  const setPassword = async (token: string, password = NEW_PASSWORD, confirmedPassword = password) =>
    identity
      .http()
      .post('/api/token/reset-password')
      .set(await identity.headers())
      .send({ token, password, confirmedPassword });
  const login = (email: string, password: string) => logIn(identity, email, password, `192.0.2.${++ip}`);
  const resolve = (sessionId: string) => resolveSession(identity, sessionId);

  it('answers an unknown e-mail like a known one, and mails nothing', async () => {
    const response = await requestReset('nobody-here@example.com');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: IdentityMessages.resetRequested });
    await identity.settled();
    expect(identity.mails().filter((mail) => mail.kind === 'reset')).toHaveLength(0);
  });

  it('mails an address at most three reset links an hour, answering every request the same', async () => {
    const account = await activeAccount(identity);
    const resetMails = () =>
      identity.mails().filter((mail) => mail.kind === 'reset' && mail.to === account.email);
    for (let request = 1; request <= 5; request++) {
      const response = await requestReset(account.email);
      expect([response.status, response.body]).toEqual([200, { message: IdentityMessages.resetRequested }]);
      await identity.settled();
    }
    expect(resetMails()).toHaveLength(3);
    // The last link mailed is the one that works.
    expect((await validate(resetMails()[2].token!)).status).toBe(200);

    await identity.sql(
      `update identity.one_time_token set created_at = created_at - interval '61 minutes' where kind = 'reset' and user_id = ?`,
      [account.id],
    );
    await requestReset(account.email);
    await identity.settled();
    expect(resetMails()).toHaveLength(4);
  });

  it('mails nothing for an account that is not activated yet', async () => {
    const body = registration();
    await identity
      .http()
      .post('/api/register')
      .set(await identity.headers())
      .send(body)
      .expect(201);
    await requestReset(String(body.email)).then((response) => expect(response.status).toBe(200));
    await identity.settled();
    expect(identity.mails().filter((mail) => mail.kind === 'reset' && mail.to === body.email)).toHaveLength(
      0,
    );
  });

  it('mails a one-hour link that sets a new password once and ends every session at once', async () => {
    const account = await activeAccount(identity);
    const first = sessionCookieOf(await login(account.email, account.password))!;
    const second = sessionCookieOf(await login(account.email, account.password))!;

    const response = await requestReset(` ${account.email.toUpperCase()}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: IdentityMessages.resetRequested });
    const mail = await identity.waitForMail('reset', account.email);
    expect(mail.link).toBe(`${PUBLIC_URL}/token/reset-password/${mail.token}`);
    expect(mail.subject).toBe('Resetarea parolei ABA Tracker');
    const [token] = await identity.sql<{ expires_at: Date; created_at: Date }>(
      `select expires_at, created_at from identity.one_time_token where kind = 'reset' and user_id = ?`,
      [account.id],
    );
    expect(new Date(token.expires_at).getTime() - new Date(token.created_at).getTime()).toBe(3_600_000);

    await validate(mail.token!).then((answer) => expect([answer.status, answer.body]).toEqual([200, {}]));

    // The new password must follow the rules.
    await setPassword(mail.token!, 'short1').then((answer) =>
      expect([answer.status, answer.body]).toEqual([400, { error: IdentityMessages.weakPassword }]),
    );
    await setPassword(mail.token!, NEW_PASSWORD, 'Brand-new-passw0rD').then((answer) =>
      expect([answer.status, answer.body]).toEqual([400, { error: "Passwords don't match" }]),
    );

    const changed = await setPassword(mail.token!);
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ message: IdentityMessages.passwordChanged });

    // Every session ended at once, announced to the gateways before the answer (already in the stream).
    const revoked = await identity.publishedNow(Subjects.SessionRevokedV1);
    expect(revoked.filter((data) => data.userId === account.id)).toHaveLength(1);
    expect((await resolve(first)).status).toBe(401);
    expect((await resolve(second)).status).toBe(401);
    // The old password no longer works, the new one does.
    expect((await login(account.email, account.password)).status).toBe(401);
    expect((await login(account.email, NEW_PASSWORD)).status).toBe(200);
    // The link worked once.
    await validate(mail.token!).then((answer) =>
      expect([answer.status, answer.body]).toEqual([400, { error: IdentityMessages.invalidToken }]),
    );
    await setPassword(mail.token!, 'Another-passw0rd').then((answer) =>
      expect([answer.status, answer.body]).toEqual([400, { error: IdentityMessages.invalidToken }]),
    );
  });

  it('refuses an expired link, and a newer link replaces an older one', async () => {
    const account = await activeAccount(identity);
    await requestReset(account.email);
    const older = await identity.waitForMail('reset', account.email);
    await requestReset(account.email);
    const newer = await identity.waitForMail('reset', account.email, 2);
    expect(newer.token).not.toBe(older.token);
    expect((await validate(older.token!)).status).toBe(400);
    expect((await validate(newer.token!)).status).toBe(200);

    await identity.sql(
      `update identity.one_time_token set expires_at = now() - interval '1 second' where kind = 'reset' and user_id = ?`,
      [account.id],
    );
    await validate(newer.token!).then((answer) =>
      expect([answer.status, answer.body]).toEqual([400, { error: IdentityMessages.invalidToken }]),
    );
    expect((await setPassword(newer.token!)).status).toBe(400);
    expect((await login(account.email, account.password)).status).toBe(200);
  });

  it('does not take an activation link as a reset link', async () => {
    const body = registration();
    await identity
      .http()
      .post('/api/register')
      .set(await identity.headers())
      .send(body)
      .expect(201);
    const activation = await identity.waitForMail('activation', String(body.email));
    expect((await validate(activation.token!)).status).toBe(400);
    expect((await setPassword(activation.token!)).status).toBe(400);
  });

  it('refuses malformed requests with 400', async () => {
    expect((await requestReset('')).status).toBe(400);
    const noToken = await identity
      .http()
      .post('/api/token/reset-password')
      .set(await identity.headers())
      .send({ password: NEW_PASSWORD, confirmedPassword: NEW_PASSWORD });
    expect(noToken.status).toBe(400);
    expect(noToken.body.error).toMatch(/^token: /);
  });
});
