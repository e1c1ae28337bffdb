import 'reflect-metadata';
import { IdentityMessages } from '@aba/contracts/api';
import {
  activeAccount,
  announcementsOf,
  asUser,
  registration,
  startIdentity,
  STRONG_PASSWORD,
  PUBLIC_URL,
  type IdentityHarness,
} from '../testing/identity-harness.js';

describe('registration and activation', () => {
  let identity: IdentityHarness;

  beforeAll(async () => {
    identity = await startIdentity();
  });

  afterAll(() => identity.close());

  const register = async (body: Record<string, unknown>, language?: string) => {
    const headers = await identity.headers();
    if (language) headers['accept-language'] = language;
    return identity.http().post('/api/register').set(headers).send(body);
  };

  it('registers an inactive account, e-mails a working activation link, then lets it log in', async () => {
    const body = registration({ email: '  Maria.Ionescu@Example.COM ', role: undefined });
    const response = await register(body);
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ message: 'Registration successful!' });

    const [user] = await identity.sql<{
      active: boolean;
      role: string;
      language: string;
      password_hash: string;
    }>('select active, role, language, password_hash from identity.user_account where email = ?', [
      'maria.ionescu@example.com',
    ]);
    expect(user).toMatchObject({ active: false, role: 'PARENT', language: 'ro' });
    expect(user.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    // Inactive: the right password is answered 403 until the link is opened.
    const login = { email: 'maria.ionescu@example.com', password: STRONG_PASSWORD };
    const inactive = await identity
      .http()
      .post('/api/login')
      .set(await identity.headers())
      .send(login)
      .expect(403);
    expect(inactive.body).toEqual({ error: IdentityMessages.accountInactive });

    const mail = await identity.waitForMail('activation', 'maria.ionescu@example.com');
    expect(mail.file).toMatch(
      /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z-activation-maria\.ionescu@example\.com\.eml$/,
    );
    expect(mail.subject).toBe('Activează-ți contul ABA Tracker');
    expect(mail.link).toBe(`${PUBLIC_URL}/token/activate-user/${mail.token}`);
    expect(mail.body).toContain('To: maria.ionescu@example.com');
    expect(mail.body).toContain('From: ABA Tracker <no-reply@localhost>');
    // Only the token's hash is stored.
    const stored = await identity.sql<{ id: string }>('select id from identity.one_time_token');
    expect(stored.map((row) => row.id)).not.toContain(mail.token);

    const activated = await identity
      .http()
      .post('/api/token/activate-user')
      .set(await identity.headers())
      .send({ token: mail.token })
      .expect(200);
    expect(activated.body).toEqual({ message: 'Your account was successfully activated!' });
    await identity
      .http()
      .post('/api/token/activate-user')
      .set(await identity.headers())
      .send({ token: mail.token })
      .expect(400, { error: 'This link is invalid or has expired' });

    const ok = await identity
      .http()
      .post('/api/login')
      .set(await identity.headers())
      .send(login)
      .expect(200);
    expect(ok.body).toEqual({
      email: 'maria.ionescu@example.com',
      role: 'PARENT',
      child_id: null,
      language: 'ro',
    });
  });

  it('announces the account on NATS through the outbox once its address is proven by activation, not before', async () => {
    const body = registration({ first_name: 'Ioana', last_name: 'Marin', role: 'COORDINATOR' });
    await register(body).then((response) => expect(response.status).toBe(201));
    const email = String(body.email).toLowerCase();
    expect(await announcementsOf(identity, email)).toHaveLength(0);

    const mail = await identity.waitForMail('activation', email);
    await identity
      .http()
      .post('/api/token/activate-user')
      .set(await identity.headers())
      .send({ token: mail.token })
      .expect(200);
    const event = await identity.publishedEvent((data) => data.email === email);
    expect(event.subject).toBe(`${identity.env.natsPrefix}.identity.user.registered.v1`);
    expect(event.envelope).toMatchObject({
      type: 'identity.user.registered.v1',
      version: 1,
      producer: 'identity',
    });
    expect(event.envelope.data).toEqual({
      userId: expect.any(String),
      email,
      firstName: 'Ioana',
      lastName: 'Marin',
      role: 'COORDINATOR',
    });
  });

  it('writes the e-mails of an English speaker in English', async () => {
    const body = registration();
    await register(body, 'en-GB,en;q=0.9,ro;q=0.5').then((response) => expect(response.status).toBe(201));
    const mail = await identity.waitForMail('activation', String(body.email));
    expect(mail.subject).toBe('Activate your ABA Tracker account');
    expect(mail.body).toContain('Hello Ana,');
    const [user] = await identity.sql<{ language: string }>(
      'select language from identity.user_account where email = ?',
      [body.email],
    );
    expect(user.language).toBe('en');
  });

  it.each([
    ['a blank field', { first_name: '   ' }, IdentityMessages.requiredFields],
    ['a missing field', { phone: undefined }, IdentityMessages.requiredFields],
    ['a blank e-mail', { email: '' }, IdentityMessages.requiredFields],
    ['passwords that differ', { confirmedPassword: 'Sup3r-secret-pasS' }, "Passwords don't match"],
    ['a malformed e-mail', { email: 'not-an-email' }, IdentityMessages.invalidEmail],
    ['an unknown role', { role: 'OWNER' }, IdentityMessages.invalidRole],
    ['the ADMIN role', { role: 'ADMIN' }, IdentityMessages.invalidRole],
    ['a weak password', { password: 'short1', confirmedPassword: 'short1' }, IdentityMessages.weakPassword],
    [
      'a password without a digit',
      { password: 'onlyletters', confirmedPassword: 'onlyletters' },
      IdentityMessages.weakPassword,
    ],
  ])('refuses %s with 400 and the rule broken', async (_case, overrides, message) => {
    const body = registration(overrides);
    const response = await register(body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: message });
    const rows = await identity.sql('select 1 from identity.user_account where email = ?', [
      String(body.email).trim().toLowerCase(),
    ]);
    expect(rows).toHaveLength(0);
  });

  it('refuses an e-mail that already has an account, whatever its case, with 409', async () => {
    const body = registration();
    await register(body).then((response) => expect(response.status).toBe(201));
    const again = await register({ ...body, email: ` ${String(body.email).toUpperCase()} ` });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: 'An account with this e-mail already exists' });
  });

  it('lets only one of two simultaneous registrations of one e-mail through', async () => {
    const body = registration();
    const answers = await Promise.all([register(body), register(body), register(body)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
  });

  it('refuses an unknown, expired or already used activation link', async () => {
    const bad = async (token: string) =>
      identity
        .http()
        .post('/api/token/activate-user')
        .set(await identity.headers())
        .send({ token })
        .expect(400, { error: IdentityMessages.invalidToken });
    await bad('no-such-token');

    const body = registration();
    await register(body).then((response) => expect(response.status).toBe(201));
    const mail = await identity.waitForMail('activation', String(body.email));
    await identity.sql(
      `update identity.one_time_token set expires_at = now() - interval '1 second' where kind = 'activation' and user_id = (select id from identity.user_account where email = ?)`,
      [body.email],
    );
    await bad(mail.token!);
    const [user] = await identity.sql<{ active: boolean }>(
      'select active from identity.user_account where email = ?',
      [body.email],
    );
    expect(user.active).toBe(false);
  });

  it('gives the logged-in user from the gateway identity, and 401 to an anonymous caller', async () => {
    const account = await activeAccount(identity, {
      first_name: 'Radu',
      last_name: 'Stan',
      role: 'THERAPIST',
    });
    const me = await identity
      .http()
      .get('/api/get-session')
      .set(await identity.headers(asUser(account.id, 'THERAPIST')))
      .expect(200);
    expect(me.body).toEqual({
      id: account.id,
      email: account.email,
      first_name: 'Radu',
      last_name: 'Stan',
      role: 'THERAPIST',
    });
    await identity
      .http()
      .get('/api/get-session')
      .set(await identity.headers())
      .expect(401, { error: 'You are not logged in' });
  });
});
