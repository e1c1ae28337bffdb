import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { IdentityMessages } from '@aba/contracts/api';
import { Subjects } from '@aba/contracts/events';
import { eventually, startEventProducer, type EventProducer } from '@aba/server-kit/testing';
import {
  activeAccount,
  announcementsOf,
  anonymous,
  asUser,
  type IdentityHarness,
  logIn,
  PUBLIC_URL,
  registration,
  startIdentity,
  STRONG_PASSWORD,
} from '../testing/identity-harness.js';
import { PendingInviteMails } from './pending-invite-mails.js';

describe('helper invites (therapy.helper.invited.v2, and v1 still in flight)', () => {
  let identity: IdentityHarness;
  let therapy: EventProducer;

  beforeAll(async () => {
    identity = await startIdentity();
    therapy = await startEventProducer(identity.env, 'therapy');
  });

  afterAll(async () => {
    await therapy.close();
    await identity.close();
  });

  const validate = async (token: string) =>
    identity
      .http()
      .get(`/api/invite/${encodeURIComponent(token)}/validate`)
      .set(await identity.headers());
  const register = async (body: Record<string, unknown>) =>
    identity
      .http()
      .post('/api/register')
      .set(await identity.headers())
      .send(body);

  it('mails an invite whose link registers an active account with the invited e-mail, once', async () => {
    const childId = randomUUID();
    await therapy.publish(Subjects.HelperInvitedV1, {
      email: 'Helper.One@Example.com',
      childId,
      accessType: 'THERAPIST',
      invitedBy: randomUUID(),
    });
    const mail = await identity.waitForMail('invite', 'helper.one@example.com');
    expect(mail.link).toBe(`${PUBLIC_URL}/register/${mail.token}`);
    expect(mail.subject).toBe('Ai fost invitat în ABA Tracker');
    const [invite] = await identity.sql<{
      child_id: string;
      access_type: string;
      expires_at: Date;
      created_at: Date;
    }>(
      `select child_id, access_type, expires_at, created_at from identity.one_time_token where kind = 'invite' and email = ?`,
      ['helper.one@example.com'],
    );
    expect(invite).toMatchObject({ child_id: childId, access_type: 'THERAPIST' });
    expect(new Date(invite.expires_at).getTime() - new Date(invite.created_at).getTime()).toBe(
      14 * 86_400_000,
    );

    const valid = await validate(mail.token!);
    expect(valid.status).toBe(200);
    expect(valid.body).toEqual({ token: { email: 'helper.one@example.com', role: 'THERAPIST' } });

    // The body's e-mail is ignored: the account gets the invited one, active at once, no activation mail.
    const response = await register(
      registration({ email: 'someone.else@example.com', token: mail.token, role: 'THERAPIST' }),
    );
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ message: 'Registration successful!' });
    const users = await identity.sql<{ id: string; email: string; active: boolean; role: string }>(
      `select id, email, active, role from identity.user_account where email in ('helper.one@example.com', 'someone.else@example.com')`,
    );
    expect(users).toEqual([
      { id: expect.any(String), email: 'helper.one@example.com', active: true, role: 'THERAPIST' },
    ]);

    const login = await identity
      .http()
      .post('/api/login')
      .set(await identity.headers(anonymous, { 'x-forwarded-for': '203.0.113.50' }))
      .send({ email: 'helper.one@example.com', password: STRONG_PASSWORD });
    expect(login.status).toBe(200);

    // The invite is used up.
    await validate(mail.token!).then((answer) =>
      expect([answer.status, answer.body]).toEqual([400, { error: 'Invalid invite id' }]),
    );
    const again = await register(registration({ token: mail.token }));
    expect([again.status, again.body]).toEqual([400, { error: 'Invalid invite id' }]);

    // Therapy learns about the new user.
    const event = await identity.publishedEvent((data) => data.userId === users[0].id);
    expect(event.subject).toBe(`${identity.env.natsPrefix}.${Subjects.UserRegisteredV1}`);
    expect(event.envelope.data).toEqual({
      userId: users[0].id,
      email: 'helper.one@example.com',
      firstName: 'Ana',
      lastName: 'Popescu',
      role: 'THERAPIST',
    });
    await identity.settled();
    expect(
      identity.mails().filter((sent) => sent.kind === 'activation' && sent.to === 'helper.one@example.com'),
    ).toHaveLength(0);
  });

  it('says in the e-mail who invited, for which child and as what, and preselects that role (v2)', async () => {
    const inviter = await activeAccount(identity, {
      first_name: 'Maria',
      last_name: 'Ionescu',
      role: 'PARENT',
    });
    const childId = randomUUID();
    await therapy.publish(Subjects.HelperInvitedV2, {
      email: 'Coordonator.Nou@Example.com',
      childId,
      accessType: 'ADMIN',
      invitedBy: inviter.id,
      childFirstName: 'Andrei',
    });
    const mail = await identity.waitForMail('invite', 'coordonator.nou@example.com');
    expect(mail.subject).toBe('Maria Ionescu te-a invitat în ABA Tracker');
    expect(mail.body).toContain(
      'Maria Ionescu te-a invitat să faci parte din echipa copilului Andrei în ABA Tracker, ca coordonator.',
    );
    const valid = await validate(mail.token!);
    expect([valid.status, valid.body]).toEqual([
      200,
      { token: { email: 'coordonator.nou@example.com', role: 'COORDINATOR' } },
    ]);
    const [invite] = await identity.sql<{ child_id: string; access_type: string; invited_by: string }>(
      `select child_id, access_type, invited_by from identity.one_time_token where kind = 'invite' and email = ?`,
      ['coordonator.nou@example.com'],
    );
    expect(invite).toEqual({ child_id: childId, access_type: 'ADMIN', invited_by: inviter.id });
  });

  it('still mails a v1 invitation (published before therapy sent v2), without the child’s name', async () => {
    const inviter = await activeAccount(identity, { first_name: 'Ion', last_name: 'Vasile' });
    await therapy.publish(Subjects.HelperInvitedV1, {
      email: 'terapeut.vechi@example.com',
      childId: randomUUID(),
      accessType: 'THERAPIST',
      invitedBy: inviter.id,
    });
    const mail = await identity.waitForMail('invite', 'terapeut.vechi@example.com');
    expect(mail.subject).toBe('Ion Vasile te-a invitat în ABA Tracker');
    expect(mail.body).toContain(
      'Ion Vasile te-a invitat să faci parte din echipa unui copil în ABA Tracker, ca terapeut.',
    );
    expect((await validate(mail.token!)).body).toEqual({
      token: { email: 'terapeut.vechi@example.com', role: 'THERAPIST' },
    });
  });

  it('refuses unknown, expired or malformed invites', async () => {
    await validate('unknown-invite').then((answer) =>
      expect([answer.status, answer.body]).toEqual([400, { error: IdentityMessages.invalidInvite }]),
    );
    expect((await register(registration({ token: 'unknown-invite' }))).body).toEqual({
      error: 'Invalid invite id',
    });

    await therapy.publish(Subjects.HelperInvitedV1, {
      email: 'late.helper@example.com',
      childId: randomUUID(),
      accessType: 'ADMIN',
      invitedBy: randomUUID(),
    });
    const mail = await identity.waitForMail('invite', 'late.helper@example.com');
    await identity.sql(
      `update identity.one_time_token set expires_at = now() - interval '1 second' where email = ?`,
      ['late.helper@example.com'],
    );
    expect((await validate(mail.token!)).status).toBe(400);
    expect((await register(registration({ token: mail.token }))).status).toBe(400);
    const rows = await identity.sql(
      `select 1 from identity.user_account where email = 'late.helper@example.com'`,
    );
    expect(rows).toHaveLength(0);

    // The form's rules still apply (but the e-mail may be left out: the invite supplies it).
    await therapy.publish(Subjects.HelperInvitedV1, {
      email: 'rules.helper@example.com',
      childId: randomUUID(),
      accessType: 'ADMIN',
      invitedBy: randomUUID(),
    });
    const fresh = await identity.waitForMail('invite', 'rules.helper@example.com');
    const weak = await register(
      registration({ token: fresh.token, email: '', password: 'weak', confirmedPassword: 'weak' }),
    );
    expect([weak.status, weak.body]).toEqual([400, { error: IdentityMessages.weakPassword }]);
    expect((await register(registration({ token: fresh.token, email: '' }))).status).toBe(201);
  });

  const login = (email: string, password: string) => logIn(identity, email, password, '203.0.113.51');
  const invite = async (email: string) => {
    await therapy.publish(Subjects.HelperInvitedV1, {
      email,
      childId: randomUUID(),
      accessType: 'ADMIN',
      invitedBy: randomUUID(),
    });
    return identity.waitForMail('invite', email);
  };

  it('keeps an invite pending and its link working when someone registers the address without it', async () => {
    const victim = 'invited.victim@example.com';
    const mail = await invite(victim);

    const squatter = registration({
      email: 'Invited.Victim@Example.com',
      password: 'Attacker-pass-1',
      confirmedPassword: 'Attacker-pass-1',
    });
    expect((await register(squatter)).status).toBe(201);
    const squatterActivation = await identity.waitForMail('activation', victim);
    // Not announced: therapy keeps the helper PENDING, and the invite link still works.
    expect(await announcementsOf(identity, victim)).toHaveLength(0);
    expect((await validate(mail.token!)).status).toBe(200);

    // The real invitee registers through the link: the unproven account is replaced by theirs, active at once.
    const response = await register(registration({ token: mail.token, email: '' }));
    expect(response.status).toBe(201);
    const users = await identity.sql<{ id: string; active: boolean }>(
      'select id, active from identity.user_account where email = ?',
      [victim],
    );
    expect(users).toEqual([{ id: expect.any(String), active: true }]);
    expect((await login(victim, STRONG_PASSWORD)).status).toBe(200);
    expect((await login(victim, 'Attacker-pass-1')).status).toBe(401);
    const activation = await identity
      .http()
      .post('/api/token/activate-user')
      .set(await identity.headers())
      .send({ token: squatterActivation.token });
    expect([activation.status, activation.body]).toEqual([400, { error: IdentityMessages.invalidToken }]);

    const announced = await identity.publishedEvent((data) => data.email === victim);
    expect(announced.envelope.data).toMatchObject({ userId: users[0].id, email: victim });
  });

  it('mails an invite to an address whose only account is not activated', async () => {
    const address = 'unproven.owner@example.com';
    expect((await register(registration({ email: address }))).status).toBe(201);
    const mail = await invite(address);
    expect(mail.link).toBe(`${PUBLIC_URL}/register/${mail.token}`);
  });

  it('announces an account activated by its e-mailed link and closes the invites of its address', async () => {
    const address = 'activates.later@example.com';
    const mail = await invite(address);
    expect((await register(registration({ email: address }))).status).toBe(201);
    const activation = await identity.waitForMail('activation', address);
    await identity
      .http()
      .post('/api/token/activate-user')
      .set(await identity.headers())
      .send({ token: activation.token })
      .expect(200);

    const announced = await identity.publishedEvent((data) => data.email === address);
    expect(announced.envelope.data).toMatchObject({ email: address, role: 'THERAPIST' });
    expect((await validate(mail.token!)).status).toBe(400);
  });

  it('ends an invite link when its invitation is withdrawn or its child deleted, and only that one', async () => {
    const email = 'invitatie.retrasa@example.com';
    const [withdrawnChild, deletedChild, keptChild] = [randomUUID(), randomUUID(), randomUUID()];
    const send = async (childId: string, count: number) => {
      await therapy.publish(Subjects.HelperInvitedV1, {
        email,
        childId,
        accessType: 'THERAPIST',
        invitedBy: randomUUID(),
      });
      return identity.waitForMail('invite', email, count);
    };
    const withdrawn = await send(withdrawnChild, 1);
    const deleted = await send(deletedChild, 2);
    const kept = await send(keptChild, 3);

    await therapy.publish(Subjects.HelperInviteWithdrawnV1, {
      email: 'Invitatie.Retrasa@example.com',
      childId: withdrawnChild,
    });
    await therapy.publish(Subjects.ChildDeletedV1, {
      childId: deletedChild,
      ownerId: randomUUID(),
      firstName: 'Ana',
      lastName: 'Pop',
    });
    await eventually(async () => (await validate(deleted.token!)).status === 400);
    expect((await validate(withdrawn.token!)).body).toEqual({ error: IdentityMessages.invalidInvite });
    expect((await validate(deleted.token!)).body).toEqual({ error: IdentityMessages.invalidInvite });
    expect((await register(registration({ token: withdrawn.token, email: '' }))).status).toBe(400);
    expect((await validate(kept.token!)).status).toBe(200);
  });

  it('sends no invite to an e-mail that already has an account', async () => {
    const account = await activeAccount(identity);
    await therapy.publish(Subjects.HelperInvitedV1, {
      email: account.email.toUpperCase(),
      childId: randomUUID(),
      accessType: 'ADMIN',
      invitedBy: randomUUID(),
    });
    // A later invite to another address is mailed; by then the first event has been handled (one consumer, in order).
    await therapy.publish(Subjects.HelperInvitedV1, {
      email: 'marker.helper@example.com',
      childId: randomUUID(),
      accessType: 'ADMIN',
      invitedBy: randomUUID(),
    });
    await identity.waitForMail('invite', 'marker.helper@example.com');
    expect(
      identity.mails().filter((mail) => mail.kind === 'invite' && mail.to === account.email),
    ).toHaveLength(0);
  });

  it('closes the invites of an address an account takes by a confirmed e-mail change', async () => {
    const email = `taken.over.${randomUUID()}@example.com`;
    await therapy.publish(Subjects.HelperInvitedV1, {
      email,
      childId: randomUUID(),
      accessType: 'THERAPIST',
      invitedBy: randomUUID(),
    });
    const invite = await identity.waitForMail('invite', email);
    expect((await validate(invite.token!)).status).toBe(200);

    const account = await activeAccount(identity);
    await identity
      .http()
      .post('/api/account/change-email')
      .set(await identity.headers(asUser(account.id)))
      .send({ email, password: account.password })
      .expect(200);
    const link = await identity.waitForMail('email-change', email);
    await identity
      .http()
      .post('/api/token/confirm-email')
      .set(await identity.headers())
      .send({ token: link.token })
      .expect(200);
    expect((await validate(invite.token!)).status).toBe(400);
  });

  describe('mailed at least once, whatever stops a replica (ADR 0064)', () => {
    /** An invitation kept as a replica that stopped after its handler's commit left it, a minute ago. */
    const leftUnmailed = async (email: string, childId = randomUUID()) => {
      const inviter = await activeAccount(identity, { first_name: 'Elena', last_name: 'Marin' });
      await identity.sql(
        `insert into identity.pending_invite_mail (id, email, child_id, access_type, invited_by, child_first_name, created_at)
         values (?, ?, ?, 'THERAPIST', ?, 'Mihai', now() - interval '1 minute')`,
        [randomUUID(), email, childId, inviter.id],
      );
      return childId;
    };
    const kept = async (email: string) =>
      (await identity.sql('select 1 from identity.pending_invite_mail where email = ?', [email])).length;
    const sweep = () => identity.app.get(PendingInviteMails).sweep();

    it('an invitation its replica left unmailed is mailed by a sweep, once, with a working link', async () => {
      const email = `lasata.${randomUUID()}@example.com`;
      await leftUnmailed(email);
      await sweep();
      const mail = await identity.waitForMail('invite', email);
      expect(mail.subject).toBe('Elena Marin te-a invitat în ABA Tracker');
      expect((await validate(mail.token!)).body).toEqual({ token: { email, role: 'THERAPIST' } });
      expect(await kept(email)).toBe(0);
      await sweep();
      expect(identity.mails().filter((sent) => sent.to === email)).toHaveLength(1);
    });

    it('a handled invitation is mailed and kept no longer; a withdrawn one that was never mailed never is', async () => {
      const email = `trimisa.${randomUUID()}@example.com`;
      await therapy.publish(Subjects.HelperInvitedV2, {
        email,
        childId: randomUUID(),
        accessType: 'ADMIN',
        invitedBy: randomUUID(),
        childFirstName: 'Ioana',
      });
      await identity.waitForMail('invite', email);
      await eventually(async () => (await kept(email)) === 0);

      const withdrawn = `retrasa.${randomUUID()}@example.com`;
      const childId = await leftUnmailed(withdrawn);
      await therapy.publish(Subjects.HelperInviteWithdrawnV1, { email: withdrawn, childId });
      await eventually(async () => (await kept(withdrawn)) === 0);
      await sweep();
      await identity.settled();
      expect(identity.mails().filter((sent) => sent.to === withdrawn)).toEqual([]);
    });
  });
});
