import 'reflect-metadata';
import { accountResponseSchema, IdentityMessages } from '@aba/contracts/api';
import { Subjects } from '@aba/contracts/events';
import { eventually } from '@aba/server-kit/testing';
import {
  activeAccount,
  anonymous,
  asUser,
  type IdentityHarness,
  logIn,
  resolveSession,
  sessionCookieOf,
  startIdentity,
} from '../testing/identity-harness.js';

const NEW_PASSWORD = 'Brand-new-passw0rd';

describe('the user’s own account (issue 17)', () => {
  let identity: IdentityHarness;

  beforeAll(async () => {
    identity = await startIdentity();
  });

  afterAll(() => identity.close());

  const get = async (who = anonymous) =>
    identity
      .http()
      .get('/api/account')
      .set(await identity.headers(who));
  const update = async (who: ReturnType<typeof asUser>, body: Record<string, unknown>) =>
    identity
      .http()
      .post('/api/account/update')
      .set(await identity.headers(who))
      .send(body);
  const updatesOf = async (userId: string) =>
    (await identity.publishedNow(Subjects.UserUpdatedV1)).filter((data) => data.userId === userId);

  it('answers the caller’s own account, and 401 to a caller with no session', async () => {
    const account = await activeAccount(identity, {
      first_name: 'Ioana',
      last_name: 'Marin',
      role: 'PARENT',
    });
    const response = await get(asUser(account.id));
    expect(response.status).toBe(200);
    expect(accountResponseSchema.parse(response.body).account).toEqual({
      id: account.id,
      first_name: 'Ioana',
      last_name: 'Marin',
      email: account.email,
      phone: '+40 712 345 678',
      role: 'PARENT',
      language: 'ro',
      date_registered: expect.any(String),
    });
    const refused = await get();
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ error: IdentityMessages.notLoggedIn });
  });

  it('saves names, phone and language trimmed, answers them, and announces the new names to the other services', async () => {
    const account = await activeAccount(identity, { first_name: 'Ana', last_name: 'Pop' });
    const saved = await update(asUser(account.id, 'THERAPIST'), {
      first_name: '  Ana-Maria ',
      last_name: 'Popa',
      phone: ' 0722 000 111 ',
      language: 'en',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.account).toMatchObject({
      first_name: 'Ana-Maria',
      last_name: 'Popa',
      phone: '0722 000 111',
      language: 'en',
      email: account.email,
    });
    expect((await get(asUser(account.id, 'THERAPIST'))).body).toEqual(saved.body);
    const announced = await eventually(async () => {
      const updates = await updatesOf(account.id);
      return updates.length > 0 ? updates : null;
    });
    expect(announced).toEqual([
      {
        userId: account.id,
        email: account.email,
        firstName: 'Ana-Maria',
        lastName: 'Popa',
        role: 'THERAPIST',
      },
    ]);
  });

  it('refuses an empty name or phone and a language other than ro or en with 400, saving nothing', async () => {
    const account = await activeAccount(identity, { first_name: 'Dan', last_name: 'Ene' });
    const who = asUser(account.id, 'THERAPIST');
    const valid = { first_name: 'Dan', last_name: 'Ene', phone: '0722 000 222', language: 'ro' };
    for (const [body, error] of [
      [{ ...valid, first_name: '   ' }, IdentityMessages.requiredFields],
      [{ ...valid, phone: '' }, IdentityMessages.requiredFields],
      [{ ...valid, language: 'fr' }, IdentityMessages.invalidLanguage],
      [{ email: 'other@example.com', role: 'ADMIN' }, IdentityMessages.requiredFields],
    ] as const) {
      const refused = await update(who, body);
      expect({ status: refused.status, body: refused.body }).toEqual({ status: 400, body: { error } });
    }
    const tooLong = await update(who, { ...valid, first_name: 'x'.repeat(101) });
    expect(tooLong.status).toBe(400);
    expect(Object.keys(tooLong.body)).toEqual(['error']);
    expect((await get(who)).body.account).toMatchObject({
      first_name: 'Dan',
      phone: '+40 712 345 678',
      language: 'ro',
    });
  });

  it("keeps a field left out as it is: the language alone, as the header's switch sends it", async () => {
    const account = await activeAccount(identity, { first_name: 'Irina', last_name: 'Lupu' });
    const who = asUser(account.id, 'THERAPIST');
    const saved = await update(who, { language: 'en' });
    expect(saved.status).toBe(200);
    expect(saved.body.account).toMatchObject({
      first_name: 'Irina',
      last_name: 'Lupu',
      phone: '+40 712 345 678',
      language: 'en',
    });
  });

  it('announces nothing when what is saved is already there, and only changes the caller’s own account', async () => {
    const account = await activeAccount(identity, { first_name: 'Radu', last_name: 'Stan' });
    const other = await activeAccount(identity, { first_name: 'Elena', last_name: 'Voicu' });
    const who = asUser(account.id, 'THERAPIST');
    const same = { first_name: 'Radu', last_name: 'Stan', phone: '+40 712 345 678', language: 'ro' };
    expect((await update(who, same)).status).toBe(200);
    expect((await update(who, { ...same, phone: '0733 111 222' })).status).toBe(200);
    // The relay publishes in order: once a later change is out, an earlier one would be too.
    await update(asUser(other.id, 'THERAPIST'), {
      ...same,
      first_name: 'Elena',
      last_name: 'Voicu',
      language: 'en',
    });
    await eventually(async () => ((await updatesOf(other.id)).length > 0 ? true : null));
    expect(await updatesOf(account.id)).toHaveLength(1);
    expect((await get(asUser(other.id, 'THERAPIST'))).body.account).toMatchObject({
      first_name: 'Elena',
      phone: '+40 712 345 678',
      language: 'en',
    });
  });

  describe('POST /api/account/change-password', () => {
    let ip = 10;
    const login = (email: string, password: string) => logIn(identity, email, password, `198.51.100.${++ip}`);
    const resolve = (sessionId: string) => resolveSession(identity, sessionId);
    const change = async (userId: string, cookie: string, body: Record<string, unknown>) =>
      identity
        .http()
        .post('/api/account/change-password')
        .set(
          await identity.headers(asUser(userId), {
            cookie: `aba_session=${cookie}`,
            'x-forwarded-for': '198.51.100.1',
          }),
        )
        .send(body);

    it('sets the new password given the current one, ends every other session at once and keeps this one', async () => {
      const account = await activeAccount(identity);
      const here = sessionCookieOf(await login(account.email, account.password))!;
      const elsewhere = sessionCookieOf(await login(account.email, account.password))!;
      const changed = await change(account.id, here, {
        password: account.password,
        new_password: NEW_PASSWORD,
        confirmedPassword: NEW_PASSWORD,
      });
      expect({ status: changed.status, body: changed.body }).toEqual({
        status: 200,
        body: { message: IdentityMessages.passwordUpdated },
      });
      // Announced to the gateways before the answer: already in the stream.
      const revoked = await identity.publishedNow(Subjects.SessionRevokedV1);
      expect(revoked.filter((data) => data.userId === account.id)).toHaveLength(1);
      expect((await resolve(elsewhere)).status).toBe(401);
      expect((await resolve(here)).body).toEqual({ userId: account.id, role: 'THERAPIST' });
      expect((await login(account.email, account.password)).status).toBe(401);
      expect((await login(account.email, NEW_PASSWORD)).status).toBe(200);
    });

    it('refuses a wrong current password and a new one that breaks the rules with 400, changing nothing', async () => {
      const account = await activeAccount(identity);
      const here = sessionCookieOf(await login(account.email, account.password))!;
      const elsewhere = sessionCookieOf(await login(account.email, account.password))!;
      const good = {
        password: account.password,
        new_password: NEW_PASSWORD,
        confirmedPassword: NEW_PASSWORD,
      };
      for (const [body, error] of [
        [{ ...good, password: 'Not-the-passw0rd' }, IdentityMessages.wrongCurrentPassword],
        [{ ...good, password: '' }, IdentityMessages.requiredFields],
        [{ ...good, confirmedPassword: 'Brand-new-passw0rD' }, IdentityMessages.passwordsDontMatch],
        [{ ...good, new_password: 'short1', confirmedPassword: 'short1' }, IdentityMessages.weakPassword],
      ] as const) {
        const refused = await change(account.id, here, body);
        expect({ status: refused.status, body: refused.body }).toEqual({ status: 400, body: { error } });
      }
      expect((await resolve(elsewhere)).status).toBe(200);
      expect((await login(account.email, account.password)).status).toBe(200);
      const anonymousCall = await identity
        .http()
        .post('/api/account/change-password')
        .set(await identity.headers())
        .send(good);
      expect(anonymousCall.status).toBe(401);
    });

    it("counts wrong current passwords as the account's failed logins: a stolen session cannot guess faster", async () => {
      const account = await activeAccount(identity);
      const here = sessionCookieOf(await login(account.email, account.password))!;
      const right = {
        password: account.password,
        new_password: NEW_PASSWORD,
        confirmedPassword: NEW_PASSWORD,
      };
      for (let guess = 0; guess < 5; guess++) {
        expect(
          (await change(account.id, here, { ...right, password: `Guess-${guess}-passw0rd` })).status,
        ).toBe(400);
      }
      const refused = await change(account.id, here, right);
      expect(refused.status).toBe(429);
      expect(refused.body.error).toContain(IdentityMessages.tooManyAttempts);
      expect((await login(account.email, NEW_PASSWORD)).status).toBe(401);
    });
  });

  describe('POST /api/account/change-email and POST /api/token/confirm-email', () => {
    let ip = 40;
    const login = (email: string, password: string) => logIn(identity, email, password, `198.51.100.${++ip}`);
    const ask = async (userId: string, body: Record<string, unknown>) =>
      identity
        .http()
        .post('/api/account/change-email')
        .set(await identity.headers(asUser(userId), { 'x-forwarded-for': '203.0.113.9' }))
        .send(body);
    const confirm = async (token: string | null) =>
      identity
        .http()
        .post('/api/token/confirm-email')
        .set(await identity.headers())
        .send({ token });
    const newAddress = (name: string) => `${name}.${Date.now().toString(36)}@example.com`;

    it('changes the e-mail only once the link sent to the new address is opened; the current address is told', async () => {
      const account = await activeAccount(identity, { first_name: 'Ioana' });
      const wanted = newAddress('ioana.noua');
      const asked = await ask(account.id, {
        email: `  ${wanted.toUpperCase()} `,
        password: account.password,
      });
      expect({ status: asked.status, body: asked.body }).toEqual({
        status: 200,
        body: { message: IdentityMessages.emailChangeSent },
      });
      const link = await identity.waitForMail('email-change', wanted);
      expect(link.link).toMatch(/\/token\/confirm-email\//);
      const notice = await identity.waitForMail('email-change-notice', account.email);
      expect(notice.body).toContain(wanted);
      expect(notice.token).toBeNull();
      // Until the link is opened, nothing changed.
      expect((await get(asUser(account.id))).body.account.email).toBe(account.email);
      expect((await login(wanted, account.password)).status).toBe(401);

      const confirmed = await confirm(link.token);
      expect({ status: confirmed.status, body: confirmed.body }).toEqual({
        status: 200,
        body: { message: IdentityMessages.emailChanged },
      });
      expect((await get(asUser(account.id))).body.account.email).toBe(wanted);
      expect((await login(wanted, account.password)).status).toBe(200);
      expect((await login(account.email, account.password)).status).toBe(401);
      const announced = await eventually(async () =>
        (await updatesOf(account.id)).some((data) => data.email === wanted) ? true : null,
      );
      expect(announced).toBe(true);
      const again = await confirm(link.token);
      expect({ status: again.status, body: again.body }).toEqual({
        status: 400,
        body: { error: IdentityMessages.invalidToken },
      });
    });

    it('asks for the current password, a new valid address free of any account, and says which is wrong', async () => {
      const account = await activeAccount(identity);
      const other = await activeAccount(identity);
      const cases: [Record<string, unknown>, number, string][] = [
        [{ email: newAddress('x'), password: '' }, 400, IdentityMessages.requiredFields],
        [{ email: 'not-an-address', password: account.password }, 400, IdentityMessages.invalidEmail],
        [
          { email: account.email.toUpperCase(), password: account.password },
          400,
          IdentityMessages.emailUnchanged,
        ],
        [
          { email: newAddress('x'), password: 'Wrong-passw0rd-1' },
          400,
          IdentityMessages.wrongCurrentPassword,
        ],
        [{ email: other.email, password: account.password }, 409, IdentityMessages.emailTaken],
      ];
      for (const [body, status, error] of cases) {
        const response = await ask(account.id, body);
        expect({ body, status: response.status, answer: response.body }).toEqual({
          body,
          status,
          answer: { error },
        });
      }
      const anonymousCall = await identity
        .http()
        .post('/api/account/change-email')
        .set(await identity.headers(anonymous))
        .send({ email: newAddress('x'), password: account.password });
      expect(anonymousCall.status).toBe(401);
      expect(
        identity.mails().filter((mail) => mail.kind.startsWith('email-change') && mail.to === account.email),
      ).toEqual([]);
    });

    it('refuses the link when another account took the address meanwhile, and a link replaced by a newer one', async () => {
      const account = await activeAccount(identity);
      const first = newAddress('first');
      await ask(account.id, { email: first, password: account.password });
      const firstLink = await identity.waitForMail('email-change', first);
      const second = newAddress('second');
      await ask(account.id, { email: second, password: account.password });
      const secondLink = await identity.waitForMail('email-change', second);
      expect((await confirm(firstLink.token)).status).toBe(400);

      await activeAccount(identity, { email: second });
      const taken = await confirm(secondLink.token);
      expect({ status: taken.status, body: taken.body }).toEqual({
        status: 409,
        body: { error: IdentityMessages.emailTaken },
      });
      expect((await get(asUser(account.id))).body.account.email).toBe(account.email);
    });

    it('mails at most three changes an hour for an account, then answers 429 and mails nothing', async () => {
      const account = await activeAccount(identity);
      for (let change = 0; change < 3; change++) {
        expect(
          (await ask(account.id, { email: newAddress(`n${change}`), password: account.password })).status,
        ).toBe(200);
      }
      const refused = await ask(account.id, { email: newAddress('n3'), password: account.password });
      expect({ status: refused.status, body: refused.body }).toEqual({
        status: 429,
        body: { error: IdentityMessages.tooManyEmailChanges },
      });
      expect(refused.headers['retry-after']).toBe('3600');
      await identity.settled();
      expect(
        identity.mails().filter((mail) => mail.to === account.email && mail.kind === 'email-change-notice'),
      ).toHaveLength(3);
    });
  });
});
