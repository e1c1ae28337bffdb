import { Subjects } from '@aba/contracts/events';
import type { Api } from '@aba/infra/api-client';
import { FaultySystem, SERVICES } from './support/faulty-system.js';
import {
  addLicence,
  consumerBacklog,
  createChild,
  handledEvents,
  mailsByRecipient,
  outbox,
  parentWithSubscription,
  publishedEvents,
  SETTLE_MS,
  untilGate,
  waitFor,
} from './support/journeys.js';

/** One write of the stream: what was asked, what came back, when. */
interface Write {
  kind: 'licence' | 'invite';
  /** The licence change ('add <child>' / 'remove <child>') or the invited e-mail. */
  what: string;
  status: number;
  body: unknown;
  startedAt: number;
}

interface Child {
  name: string;
  id: string;
  licence: string | null;
}

const LICENCE_SUBJECTS: string[] = [Subjects.LicenseAssignedV1, Subjects.LicenseRevokedV1];
/** Writes made while NATS is down (for at least OUTAGE_MS), and again after it is back, before the stream ends. */
const WRITES_PER_PHASE = 16;
const OUTAGE_MS = 3_000;

/**
 * Issue 8, fault 1: NATS stopped for a while during a stream of licence changes and helper invites, then started.
 * The writes go on being answered while NATS is down (their events wait in the outboxes); once it is back every
 * event arrives, and none is applied twice.
 */
describe('NATS outage during a stream of licence changes and helper invites', () => {
  let system: FaultySystem;
  let parent: Api;
  /** Their licences are removed and added again, in turn, all along the stream. */
  const churning: Child[] = [
    { name: 'Ana', id: '', licence: null },
    { name: 'Cezar', id: '', licence: null },
  ];
  /** Keeps its licence; the helpers are invited to its team. */
  const team: Child = { name: 'Bogdan', id: '', licence: null };
  const writes: Write[] = [];
  let stream: { stop(): Promise<void> } | undefined;

  beforeAll(async () => {
    system = await FaultySystem.start();
    parent = await parentWithSubscription(system, 'parinte.nats@aba-system.test', 3);
    for (const child of [...churning, team]) {
      child.id = await createChild(parent, child.name);
      child.licence = await addLicence(parent, child.id, SETTLE_MS);
    }
    for (const child of [...churning, team]) await untilGate(parent, child.id, true);
  }, 120_000);

  afterAll(async () => {
    await stream?.stop();
    await system?.stop();
  }, 60_000);

  /** The parent's stream of writes: a licence change on a churning child, then a helper invite, over and over. */
  function startStream() {
    let running = true;
    const record = async (kind: Write['kind'], what: string, call: ReturnType<Api['call']>) => {
      const startedAt = Date.now();
      const { status, body } = await call.catch((error: unknown) => ({ status: 0, body: String(error) }));
      writes.push({ kind, what, status, body, startedAt });
      return { status, body };
    };
    const loop = (async () => {
      for (let i = 0; running; i++) {
        const child = churning[i % churning.length];
        if (child.licence) {
          const removal = parent.call('POST', '/api/child/remove-license', {
            child_subscription_id: child.licence,
          });
          if ((await record('licence', `remove ${child.name}`, removal)).status === 200) child.licence = null;
        } else {
          const addition = parent.call('POST', '/api/child/add-license', { child_id: child.id });
          const { status, body } = await record('licence', `add ${child.name}`, addition);
          if (status === 201) child.licence = body.child_subscription_id;
        }
        const email = `ajutor.${i}@aba-system.test`;
        await record(
          'invite',
          email,
          parent.call('POST', `/api/child/${team.id}/helper/add`, {
            email,
            access_type: i % 2 ? 'ADMIN' : 'THERAPIST',
          }),
        );
        await new Promise((done) => setTimeout(done, 100));
      }
    })();
    return {
      async stop() {
        running = false;
        await loop;
      },
    };
  }

  const invitedEmails = (since = 0) =>
    writes.filter((write) => write.kind === 'invite' && write.startedAt >= since).map((write) => write.what);

  it('answers every write while NATS is down, then delivers every event exactly once', async () => {
    stream = startStream();
    // Events are flowing when NATS goes: invites are being mailed.
    await waitFor(
      'the first invites to be mailed',
      () => mailsByRecipient(system.mailDir, 'invite').size >= 2,
    );

    await system.stopNats();
    const downAt = Date.now();
    // Operators see it: every service reports NATS down (and its database up).
    for (const service of SERVICES) {
      const health = await waitFor(`${service} to report NATS down`, async () => {
        const answer = await system.health(service);
        return answer.status === 503 ? answer : null;
      });
      expect(health.body).toEqual({ status: 'error', checks: { database: 'up', nats: 'down' } });
    }
    await waitFor(
      'the stream to go on while NATS is down',
      () =>
        Date.now() - downAt >= OUTAGE_MS &&
        writes.filter((write) => write.startedAt > downAt).length >= WRITES_PER_PHASE,
    );
    // What was written meanwhile waits in the outboxes: nobody invited during the outage has been mailed.
    // Written: answered 2xx (an unanswered write, status 0, wrote nothing here and fails the check after the outage).
    // Taken before the outboxes are read: the stream goes on meanwhile, and a write answered during that read may have
    // committed its row after it.
    const writtenWhileDown = writes.filter(
      (write) => write.startedAt > downAt && write.status >= 200 && write.status < 300,
    );
    const held = [...(await outbox(system, 'billing')), ...(await outbox(system, 'therapy'))];
    if (held.length < writtenWhileDown.length) {
      console.log(
        'held',
        held.map((row) => row.subject),
        'written',
        writtenWhileDown.map(({ what, status }) => `${what} ${status}`),
      );
    }
    expect(held.length).toBeGreaterThanOrEqual(writtenWhileDown.length);
    const mailedSoFar = mailsByRecipient(system.mailDir, 'invite');
    expect(invitedEmails(downAt).filter((email) => mailedSoFar.has(email))).toEqual([]);

    await system.startNats();
    const upAt = Date.now();
    await waitFor(
      'the stream to go on after NATS is back',
      () => writes.filter((write) => write.startedAt > upAt).length >= WRITES_PER_PHASE,
    );
    await stream.stop();

    // Every write was answered, NATS or not.
    expect(writes.filter((write) => write.status < 200 || write.status >= 300)).toEqual([]);

    // Every event arrives: the outboxes drain, therapy's gate follows billing, every invite is mailed…
    await waitFor(
      'the outboxes to drain',
      async () => (await outbox(system, 'billing')).length + (await outbox(system, 'therapy')).length === 0,
    );
    for (const child of [...churning, team])
      await untilGate(parent, child.id, child === team || !!child.licence);
    const invited = invitedEmails();
    await waitFor(
      'an invite e-mail for every invited helper',
      () => mailsByRecipient(system.mailDir, 'invite').size === invited.length,
    );
    for (const service of SERVICES) {
      await waitFor(
        `${service} to report healthy`,
        async () => (await system.health(service)).status === 200,
      );
    }
    // …and once nothing is left to deliver or to redeliver…
    await waitFor('therapy and identity to have consumed and acknowledged everything', async () => {
      const backlogs = [
        await consumerBacklog(system, 'therapy', 'billing'),
        await consumerBacklog(system, 'identity', 'therapy'),
      ];
      return backlogs.every((backlog) => backlog.pending === 0 && backlog.unacknowledged === 0);
    });

    // …each event was published once and applied once: one per write (plus the three first licences), each id once
    // in its consumer's inbox, one e-mail per invite, therapy's licences exactly billing's active ones.
    const licenceEvents = (await publishedEvents(system, 'billing')).filter((event) =>
      LICENCE_SUBJECTS.includes(event.type),
    );
    const inviteEvents = (await publishedEvents(system, 'therapy')).filter(
      (event) => event.type === Subjects.HelperInvitedV2,
    );
    expect(licenceEvents).toHaveLength(3 + writes.filter((write) => write.kind === 'licence').length);
    expect(inviteEvents).toHaveLength(invited.length);
    const licencesHandled = await handledEvents(
      system,
      'therapy',
      licenceEvents.map((event) => event.id),
    );
    expect(licenceEvents.filter((event) => !licencesHandled.has(event.id))).toEqual([]);
    const invitesHandled = await handledEvents(
      system,
      'identity',
      inviteEvents.map((event) => event.id),
    );
    expect(inviteEvents.filter((event) => !invitesHandled.has(event.id))).toEqual([]);
    expect(Object.fromEntries(mailsByRecipient(system.mailDir, 'invite'))).toEqual(
      Object.fromEntries(invited.map((email) => [email, 1])),
    );
    const projected = await system.sql<{ child_subscription_id: string }>(
      `select "child_subscription_id" from "therapy"."child_licence" where "ended_at" is null order by 1`,
    );
    const active = await system.sql<{ id: string }>(
      `select "id" from "billing"."child_subscription" where "status" = 'active' order by 1`,
    );
    expect(projected.map((row) => row.child_subscription_id)).toEqual(active.map((row) => row.id));
    expect(active.map((row) => row.id).sort()).toEqual(
      [team.licence, ...churning.map((child) => child.licence)].filter(Boolean).sort(),
    );
    expect(system.unexpectedExits).toEqual([]);
    system.note(
      `${writes.length} writes, ${writes.filter((write) => write.startedAt > downAt && write.startedAt < upAt).length} ` +
        `while NATS was down (${upAt - downAt} ms); ${licenceEvents.length} licence events, ${inviteEvents.length} invites`,
    );
  }, 150_000);
});
