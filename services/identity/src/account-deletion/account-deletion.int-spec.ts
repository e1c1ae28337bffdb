import 'reflect-metadata';
import { randomBytes, randomUUID } from 'node:crypto';
import {
  ACCOUNT_DELETION_PATH,
  AccountDeletionMessages,
  ErrorMessages,
  IdentityMessages,
  type AccountChildren,
} from '@aba/contracts/api';
import { Subjects } from '@aba/contracts/events';
import { INTERNAL_TOKEN_HEADER } from '@aba/server-kit';
import { textHits } from '@aba/server-kit/testing';
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
} from '../testing/identity-harness.js';
import { startServiceStandIn, type ServiceStandIn } from '../testing/service-stand-in.js';

/** Therapy's answer for a user who owns and coordinates no child. */
const NO_CHILDREN: AccountChildren = { owned: [], coordinating: [] };

describe('"Delete my account" (issue 17, GDPR Art 17): POST /api/account/delete', () => {
  let identity: IdentityHarness;
  let therapy: ServiceStandIn;

  beforeAll(async () => {
    therapy = await startServiceStandIn(ACCOUNT_DELETION_PATH, NO_CHILDREN);
    identity = await startIdentity({ THERAPY_URL: therapy.url });
  });

  afterAll(async () => {
    await identity.close();
    await therapy.close();
  });

  beforeEach(() => {
    therapy.answer = { status: 200, body: NO_CHILDREN };
    therapy.requests.length = 0;
  });

  /** Each test's own address, so one test's failed logins limit no other. */
  let ip = 10;
  const nextAddress = () => `198.51.100.${++ip}`;

  const deleteAccount = async (
    userId: string,
    body: Record<string, unknown>,
    extra: Record<string, string> = {},
  ) =>
    identity
      .http()
      .post('/api/account/delete')
      .set(await identity.headers(asUser(userId), extra))
      .send(body);
  const accountExists = async (userId: string) =>
    (await identity.sql('select 1 from identity.user_account where id = ?', [userId])).length === 1;
  const failuresOf = async (email: string, address: string) =>
    (
      await identity.sql<{ n: number }>(
        'select count(*)::int as n from identity.login_failure where account = ? and address = ?',
        [email, address],
      )
    )[0].n;

  it('refuses a wrong password with 400, counted as a failed login of the account, before asking therapy', async () => {
    const account = await activeAccount(identity);
    const address = nextAddress();
    const asked = (password: string) =>
      deleteAccount(
        account.id,
        { password, confirmation: account.email, children: [] },
        { 'x-forwarded-for': address },
      );

    const blank = await asked('');
    expect({ status: blank.status, body: blank.body }).toEqual({
      status: 400,
      body: { error: IdentityMessages.requiredFields },
    });
    expect(await failuresOf(account.email, address)).toBe(0);

    const wrong = await asked('Not-the-passw0rd');
    expect({ status: wrong.status, body: wrong.body }).toEqual({
      status: 400,
      body: { error: IdentityMessages.wrongCurrentPassword },
    });
    expect(await failuresOf(account.email, address)).toBe(1);
    // The login's limits: past 5 failures from one address, even the right password is refused there.
    for (let guess = 0; guess < 4; guess++) expect((await asked(`Guess-${guess}-passw0rd`)).status).toBe(400);
    const limited = await asked(account.password);
    expect(limited.status).toBe(429);
    expect(limited.body.error).toContain(IdentityMessages.tooManyAttempts);

    expect(therapy.requests).toHaveLength(0);
    expect(await accountExists(account.id)).toBe(true);
  });

  it("refuses a confirmation other than the account's e-mail with 400, before asking therapy", async () => {
    const account = await activeAccount(identity);
    for (const confirmation of ['', 'someone.else@example.com', account.email.replace('@', '.@')]) {
      const refused = await deleteAccount(
        account.id,
        { password: account.password, confirmation, children: [] },
        { 'x-forwarded-for': nextAddress() },
      );
      expect({ status: refused.status, body: refused.body }).toEqual({
        status: 400,
        body: { error: AccountDeletionMessages.confirmationMismatch },
      });
    }
    expect(therapy.requests).toHaveLength(0);
    expect(await accountExists(account.id)).toBe(true);
  });

  it('asks therapy as the caller, and refuses choices that leave a child out (400) or name a hand-over still waiting (409)', async () => {
    const account = await activeAccount(identity);
    const coordinator = randomUUID();
    const [kept, offered] = [randomUUID(), randomUUID()];
    therapy.answer = {
      status: 200,
      body: {
        owned: [
          { child_id: kept, offered_to: null },
          { child_id: offered, offered_to: coordinator },
        ],
        coordinating: [],
      } satisfies AccountChildren,
    };
    const base = { password: account.password, confirmation: account.email };
    const cases: [unknown, number, string][] = [
      [[], 400, AccountDeletionMessages.childrenIncomplete],
      [[{ child_id: kept, action: 'DELETE' }], 400, AccountDeletionMessages.childrenIncomplete],
      [
        [
          { child_id: kept, action: 'DELETE' },
          { child_id: offered, action: 'TRANSFER', to_user_id: randomUUID() },
        ],
        400,
        AccountDeletionMessages.handOverNotOffered,
      ],
      [
        [
          { child_id: kept, action: 'DELETE' },
          { child_id: offered, action: 'TRANSFER', to_user_id: coordinator },
        ],
        409,
        AccountDeletionMessages.handOverPending,
      ],
      // Refused by the schema, before the password is even checked.
      [[{ child_id: 'not-a-child', action: 'DELETE' }], 400, AccountDeletionMessages.childrenIncomplete],
    ];
    for (const [children, status, error] of cases) {
      const token = await identity.token(asUser(account.id));
      const refused = await identity
        .http()
        .post('/api/account/delete')
        .set({ [INTERNAL_TOKEN_HEADER]: token, 'x-forwarded-for': nextAddress() })
        .send({ ...base, children });
      expect({ children, status: refused.status, body: refused.body }).toEqual({
        children,
        status,
        body: { error },
      });
      if (status === 409) expect(therapy.requests.at(-1)?.[INTERNAL_TOKEN_HEADER]).toBe(token);
    }
    expect(therapy.requests).toHaveLength(cases.length - 1);
    expect(await accountExists(account.id)).toBe(true);
  });

  it('answers 503 and deletes nothing when therapy cannot say where the children stand', async () => {
    const account = await activeAccount(identity);
    const body = { password: account.password, confirmation: account.email, children: [] };
    const failures: [string, ServiceStandIn['answer']][] = [
      ['therapy answers 500', { status: 500, body: { error: ErrorMessages.internal } }],
      ['therapy hangs up', 'hang-up'],
      ['therapy answers something else', { status: 200, body: { owned: [{ child_id: 'x' }] } }],
    ];
    for (const [what, answer] of failures) {
      therapy.answer = answer;
      const refused = await deleteAccount(account.id, body, { 'x-forwarded-for': nextAddress() });
      expect({ what, status: refused.status, body: refused.body }).toEqual({
        what,
        status: 503,
        body: { error: AccountDeletionMessages.unavailable },
      });
    }
    expect(therapy.requests).toHaveLength(failures.length);
    expect(await accountExists(account.id)).toBe(true);
  });

  it('deletes everything identity holds about the user in one go, ends every session at once and announces the deletion; no one else’s data changes', async () => {
    const account = await activeAccount(identity, { first_name: 'Zenovia', last_name: 'Șerbănescu' });
    const other = await activeAccount(identity, { first_name: 'Elena', last_name: 'Rămâne' });
    const newAddress = `zenovia.noua.${Date.now().toString(36)}@example.com`;
    const address = nextAddress();

    // The user's rows in every table: sessions and known addresses (two logins), a failed login, a turn of the
    // login's pace, links (activation, reset, e-mail change, an invitation to their address), children, an export.
    const here = sessionCookieOf(await logIn(identity, account.email, account.password, address))!;
    const elsewhere = sessionCookieOf(await logIn(identity, account.email, account.password, nextAddress()))!;
    expect((await logIn(identity, account.email, 'Wrong-passw0rd', nextAddress())).status).toBe(401);
    const pace = (email: string) =>
      identity.sql(
        `insert into identity.login_pace (account, next_attempt_at) values (?, now() - interval '1 second')`,
        [email],
      );
    await pace(account.email);
    await identity
      .http()
      .post('/api/reset-password')
      .set(await identity.headers())
      .send({ email: account.email })
      .expect(200);
    await identity
      .http()
      .post('/api/account/change-email')
      .set(await identity.headers(asUser(account.id), { 'x-forwarded-for': address }))
      .send({ email: newAddress, password: account.password })
      .expect(200);
    const [owned, handedOver] = [randomUUID(), randomUUID()];
    const invite = (email: string, invitedBy: string) =>
      identity.sql(
        `insert into identity.one_time_token (id, kind, email, child_id, access_type, invited_by, created_at, expires_at)
         values (?, 'invite', ?, ?, 'THERAPIST', ?, now(), now() + interval '1 day')`,
        [randomBytes(32).toString('hex'), email, randomUUID(), invitedBy],
      );
    await invite(account.email, other.id);
    // An invitation the user sent someone without an account: that person's, it stays, without its sender.
    const invitee = `invitat.${Date.now().toString(36)}@example.com`;
    await invite(invitee, account.id);
    await identity.sql(
      `insert into identity.user_child (user_id, child_id, since) values (?, ?, now()), (?, ?, now())`,
      [account.id, owned, account.id, handedOver],
    );
    await identity.sql(`insert into identity.account_export (user_id, requested_at) values (?, now())`, [
      account.id,
    ]);

    // Someone else's rows of the same kinds.
    const otherAddress = nextAddress();
    const otherSession = sessionCookieOf(await logIn(identity, other.email, other.password, otherAddress))!;
    expect((await logIn(identity, other.email, 'Wrong-passw0rd', nextAddress())).status).toBe(401);
    await pace(other.email);
    await invite(other.email, account.id);
    await identity.sql(
      `insert into identity.user_child (user_id, child_id, since) values (?, ?, now()), (?, ?, now())`,
      [other.id, owned, other.id, handedOver],
    );
    await identity.sql(`insert into identity.account_export (user_id, requested_at) values (?, now())`, [
      other.id,
    ]);
    const rowsOf = (who: { id: string; email: string }) =>
      identity.sql(
        `select 'account' as t, to_jsonb(u) - 'password_hash' as row from identity.user_account u where id = ?
         union all select 'session', jsonb_build_object('expires_at', expires_at) from identity.session where user_id = ?
         union all select 'link', jsonb_build_object('kind', kind, 'email', email, 'used', used_at)
           from identity.one_time_token where user_id = ? or email = ?
         union all select 'failure', jsonb_build_object('address', address) from identity.login_failure where account = ?
         union all select 'known', jsonb_build_object('address', address) from identity.login_known_address where account = ?
         union all select 'pace', jsonb_build_object('at', next_attempt_at) from identity.login_pace where account = ?
         union all select 'child', jsonb_build_object('child', child_id) from identity.user_child where user_id = ?
         union all select 'export', jsonb_build_object('at', requested_at) from identity.account_export where user_id = ?
         order by 1, 2`,
        [who.id, who.id, who.id, who.email, who.email, who.email, who.email, who.id, who.id],
      );
    const othersBefore = await rowsOf(other);
    expect(new Set(othersBefore.map((row) => (row as { t: string }).t)).size).toBe(8);
    const usersBefore = await rowsOf(account);
    expect(new Set(usersBefore.map((row) => (row as { t: string }).t)).size).toBe(8);

    therapy.answer = {
      status: 200,
      body: {
        owned: [{ child_id: owned, offered_to: null }],
        coordinating: [{ child_id: handedOver, owner_id: other.id }],
      } satisfies AccountChildren,
    };
    const deleted = await deleteAccount(
      account.id,
      {
        password: account.password,
        confirmation: `  ${account.email.toUpperCase()} `,
        children: [
          { child_id: owned, action: 'DELETE' },
          { child_id: handedOver, action: 'TRANSFER', to_user_id: other.id },
        ],
      },
      { cookie: `aba_session=${here}`, 'x-forwarded-for': address },
    );
    expect({ status: deleted.status, body: deleted.body }).toEqual({
      status: 200,
      body: { message: AccountDeletionMessages.deleted },
    });
    const loggedOut = await identity
      .http()
      .post('/api/logout')
      .set(await identity.headers())
      .expect(200);
    expect(deleted.headers['set-cookie']).toEqual(loggedOut.headers['set-cookie']);

    // Both announced before the answer: already on identity's stream.
    const announced = async (subject: typeof Subjects.UserDeletedV1 | typeof Subjects.SessionRevokedV1) =>
      (await identity.publishedNow(subject)).filter((data) => data.userId === account.id);
    expect(await announced(Subjects.UserDeletedV1)).toEqual([{ userId: account.id }]);
    expect(await announced(Subjects.SessionRevokedV1)).toEqual([{ userId: account.id }]);
    expect((await resolveSession(identity, here)).status).toBe(401);
    expect((await resolveSession(identity, elsewhere)).status).toBe(401);

    // Nothing left: every text-like column of identity's schema searched for the user's address, the address they
    // asked to move to, names and id. The outbox is passed over: it keeps the events it relayed, the account's earlier
    // announcements among them, as long as the event streams keep them (EVENT_RETENTION_DAYS; ADRs 0045, 0058).
    expect(await rowsOf(account)).toEqual([]);
    const needles = [account.email, newAddress, 'Zenovia', 'Șerbănescu', account.id];
    expect(await textHits(identity.sql, ['identity'], needles, ['identity.outbox_event'])).toEqual([]);
    const byId = await identity.sql<{ n: number }>(
      `select (select count(*) from identity.session where user_id = ?)
            + (select count(*) from identity.one_time_token where user_id = ? or invited_by = ?)
            + (select count(*) from identity.user_child where user_id = ?)
            + (select count(*) from identity.account_export where user_id = ?) as n`,
      [account.id, account.id, account.id, account.id, account.id],
    );
    expect(Number(byId[0].n)).toBe(0);
    expect(
      await identity.sql('select invited_by from identity.one_time_token where email = ?', [invitee]),
    ).toEqual([{ invited_by: null }]);

    // Gone for good: no login, no call; the address is free to register again.
    expect((await logIn(identity, account.email, account.password, nextAddress())).status).toBe(401);
    const again = await deleteAccount(
      account.id,
      { password: account.password, confirmation: account.email, children: [] },
      { 'x-forwarded-for': address },
    );
    expect({ status: again.status, body: again.body }).toEqual({
      status: 401,
      body: { error: IdentityMessages.notLoggedIn },
    });
    const anonymousCall = await identity
      .http()
      .post('/api/account/delete')
      .set(await identity.headers(anonymous))
      .send({ password: account.password, confirmation: account.email, children: [] });
    expect(anonymousCall.status).toBe(401);

    // Everyone else's rows as they were (their invitation from the user only forgets who sent it).
    expect(await rowsOf(other)).toEqual(othersBefore);
    expect((await resolveSession(identity, otherSession)).body).toEqual({
      userId: other.id,
      role: 'THERAPIST',
    });
    expect((await logIn(identity, other.email, other.password, otherAddress)).status).toBe(200);

    await identity
      .http()
      .post('/api/register')
      .set(await identity.headers())
      .send(registration({ email: account.email }))
      .expect(201);
    await identity.settled();
  });
});
