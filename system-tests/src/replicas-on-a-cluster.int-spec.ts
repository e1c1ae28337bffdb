import { Subjects } from '@aba/contracts/events';
import type { Api } from '@aba/infra/api-client';
import { FaultySystem, PASSWORD, SERVICES, type ServiceName } from './support/faulty-system.js';
import {
  addLicence,
  childDataStatus,
  consumerBacklog,
  createChild,
  createItem,
  handledEvents,
  mailsByRecipient,
  outbox,
  parentWithSubscription,
  publishedEvents,
  SETTLE_MS,
  untilGate,
  waitFor,
} from './support/journeys.js';

/** One request of the traffic: what it was, how it ended, and the id of what it wrote when it was acknowledged. */
interface Exchange {
  kind: 'evaluation' | 'licence' | 'invite' | 'login';
  status: number;
  written?: string;
}

type Answer = Awaited<ReturnType<Api['call']>>;

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Each consuming service and a producer it has a durable consumer of (its handlers' subjects). */
const CONSUMERS: [ServiceName, ServiceName][] = [
  ['therapy', 'identity'],
  ['billing', 'identity'],
  ['identity', 'therapy'],
  ['billing', 'therapy'],
  ['therapy', 'billing'],
];

/**
 * Issue 19: two replicas of every service and of the gateway (behind infra's round-robin) on a JetStream cluster of
 * three nodes whose streams keep three copies. During a stream of evaluations, licence changes, helper invitations
 * and logins one NATS node, one replica of each service and one gateway are killed and brought back. Afterwards every
 * acknowledged write is in the database, every event was applied once, the licence gate agrees with billing, and no
 * request answered a 5xx but the 502 of a request a dying process had in hand (counted, and printed).
 */
describe('two replicas of everything on a three-node NATS cluster, with kills', () => {
  let system: FaultySystem;
  let parent: Api;
  /** Two sessions of the parent scoring trials side by side. */
  const sessions: Api[] = [];
  const email = 'parinte.cluster@aba-system.test';
  const children: string[] = [];
  const licences: string[] = [];
  let itemId: string;

  beforeAll(async () => {
    system = await FaultySystem.start({ replicas: 2, natsNodes: 3 });
    parent = await parentWithSubscription(system, email, 3);
    for (const name of ['Radu', 'Sara']) children.push(await createChild(parent, name));
    for (const child of children) licences.push(await addLicence(parent, child, SETTLE_MS));
    for (const child of children) await untilGate(parent, child, true);
    itemId = await createItem(parent, children[0], { name: 'Comunicare', description: 'Cereri' }, 'Cere apă');
    sessions.push(parent, await system.login(email));
  }, 180_000);

  afterAll(() => system?.stop(), 90_000);

  /** The traffic: each loop is a user at work through the balancer, writing until stopped. */
  function startTraffic(exchanges: Exchange[]) {
    let running = true;
    /** Makes one call; `written` names what an acknowledged call wrote. */
    const record = async (
      kind: Exchange['kind'],
      call: ReturnType<Api['call']>,
      written: (body: Answer['body']) => string = () => '',
    ) => {
      const { status, body } = await call.catch(() => ({ status: 0, body: null }));
      const acknowledged = status >= 200 && status < 300;
      exchanges.push({ kind, status, written: acknowledged ? written(body) : undefined });
      return { status, body };
    };
    const loop = async (work: (round: number) => Promise<unknown>) => {
      for (let round = 0; running; round++) {
        await work(round);
        await sleep(40);
      }
    };
    let licence: string | undefined = licences[1];
    /** Sara's active licence, as billing has it. */
    const activeLicence = async () =>
      (
        await system.sql<{ id: string }>(
          `select id from billing.child_subscription where child_id = $1 and status = 'active'`,
          [children[1]],
        )
      )[0]?.id;
    const loops = [
      ...sessions.map((session) =>
        loop((round) =>
          record(
            'evaluation',
            session.call('POST', `/api/sub-plan-item/${itemId}/evaluation/create`, {
              result: round % 3 === 0 ? 'NO' : 'YES',
            }),
            (body) => body.evaluation.id,
          ),
        ),
      ),
      // Sara's licence taken away and given back, over and over; whether a call whose answer was lost took effect is
      // read from billing before the next.
      loop(async () => {
        await record(
          'licence',
          licence
            ? parent.call('POST', '/api/child/remove-license', { child_subscription_id: licence })
            : parent.call('POST', '/api/child/add-license', { child_id: children[1] }),
        );
        licence = await activeLicence();
      }),
      loop((round) => {
        const invited = `invitat.${round}@aba-system.test`;
        return record(
          'invite',
          parent.call('POST', `/api/child/${children[0]}/helper/add`, {
            email: invited,
            access_type: 'THERAPIST',
          }),
          () => invited,
        );
      }),
      loop(() => record('login', system.client().call('POST', '/api/login', { email, password: PASSWORD }))),
    ];
    return {
      async stop() {
        running = false;
        await Promise.all(loops);
      },
    };
  }

  it('keeps every acknowledged write, applies each event once, and answers no 5xx but a dying process', async () => {
    const exchanges: Exchange[] = [];
    const traffic = startTraffic(exchanges);
    const down = async (what: string, kill: () => Promise<void>, revive: () => Promise<void>) => {
      await sleep(1_500);
      await kill();
      await sleep(2_500);
      await revive();
      system.note(`${what} is back`);
    };
    try {
      await down(
        'NATS node 1',
        () => system.stopNats(1),
        () => system.startNats(1),
      );
      for (const [service, replica] of [
        ['therapy', 1],
        ['identity', 2],
        ['billing', 1],
      ] as const) {
        await down(
          `${service}#${replica}`,
          () => system.killService(service, replica),
          () => system.startService(service, replica),
        );
      }
      await down(
        'gateway#1',
        () => system.killGateway(1),
        () => system.startGateway(1),
      );
      await sleep(1_500);
    } finally {
      await traffic.stop();
    }

    // The system settles: every outbox published, every consumer caught up.
    await waitFor('every outbox to be published', async () => {
      for (const service of SERVICES) if ((await outbox(system, service)).length > 0) return false;
      return true;
    });
    await waitFor('every consumer to have handled and acknowledged everything', async () => {
      for (const [consumer, producer] of CONSUMERS) {
        const backlog = await consumerBacklog(system, consumer, producer);
        if (backlog.pending > 0 || backlog.unacknowledged > 0) return false;
      }
      return true;
    });

    const byStatus: Record<string, number> = {};
    for (const { kind, status } of exchanges)
      byStatus[`${kind} ${status}`] = (byStatus[`${kind} ${status}`] ?? 0) + 1;
    console.log(`Requests during the kills, by call and status: ${JSON.stringify(byStatus)}`);
    system.note(`requests by call and status: ${JSON.stringify(byStatus)}`);
    const acknowledged = (kind: Exchange['kind']) =>
      exchanges.filter((exchange) => exchange.kind === kind && exchange.written !== undefined);
    // Enough of each call went through for the checks to mean something.
    for (const kind of ['evaluation', 'licence', 'invite', 'login'] as const) {
      expect([kind, acknowledged(kind).length > 5]).toEqual([kind, true]);
    }
    // No 5xx but 502 (a request in the hands of a process that died) or 503 (the database or NATS away for it).
    const serverErrors = exchanges.filter(({ status }) => status >= 500 && status !== 502 && status !== 503);
    expect(serverErrors).toEqual([]);

    // Every acknowledged evaluation is in the database.
    const evaluations = acknowledged('evaluation').map((exchange) => exchange.written!);
    const stored = await system.sql<{ id: string }>(
      'select id from therapy.item_evaluation where id = any($1::uuid[])',
      [evaluations],
    );
    expect(stored.length).toBe(evaluations.length);

    // Each acknowledged invitation was announced once and mailed once, however often its event was delivered.
    const invited = acknowledged('invite').map((exchange) => exchange.written!);
    await waitFor('an invitation e-mail for each invited helper', () => {
      const mails = mailsByRecipient(system.mailDir, 'invite');
      return invited.every((address) => mails.has(address));
    });
    const mails = mailsByRecipient(system.mailDir, 'invite');
    expect(invited.filter((address) => mails.get(address) !== 1)).toEqual([]);
    const invitations = (await publishedEvents(system, 'therapy'))
      .filter((event) => event.type === Subjects.HelperInvitedV2)
      .map((event) => event.id);
    expect(new Set(invitations).size).toBe(invitations.length);
    expect(await handledEvents(system, 'identity', invitations)).toEqual(new Set(invitations));
    const licenceEvents = (await publishedEvents(system, 'billing'))
      .filter(
        (event) => event.type === Subjects.LicenseAssignedV1 || event.type === Subjects.LicenseRevokedV1,
      )
      .map((event) => event.id);
    expect(await handledEvents(system, 'therapy', licenceEvents)).toEqual(new Set(licenceEvents));

    // Therapy's licence gate agrees with billing on both children.
    for (const child of children) {
      const [{ active }] = await system.sql<{ active: boolean }>(
        `select count(*) > 0 as active from billing.child_subscription where child_id = $1 and status = 'active'`,
        [child],
      );
      await waitFor(`therapy's gate to agree with billing on ${child}`, async () => {
        return (await childDataStatus(parent, child)) === (active ? 200 : 402);
      });
    }
    expect(system.unexpectedExits).toEqual([]);
  }, 300_000);
});
