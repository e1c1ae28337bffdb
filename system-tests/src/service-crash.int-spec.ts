import { ErrorMessages } from '@aba/contracts/api';
import { Subjects } from '@aba/contracts/events';
import type { Api } from '@aba/infra/api-client';
import { FaultySystem } from './support/faulty-system.js';
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

/**
 * Issue 8, fault 3: a service killed and restarted. Meanwhile the gateway answers its routes 502 with a JSON
 * `{ error }` (the other services keep answering); after the restart the service's outbox drains: events it had
 * committed but not yet published when it died reach their consumers.
 */
describe('therapy killed and restarted', () => {
  let system: FaultySystem;
  let parent: Api;
  let childId: string;

  beforeAll(async () => {
    system = await FaultySystem.start();
    parent = await parentWithSubscription(system, 'parinte.crash@aba-system.test', 3);
    childId = await createChild(parent, 'Elena');
    await addLicence(parent, childId, SETTLE_MS);
    await untilGate(parent, childId, true);
  }, 120_000);

  afterAll(() => system?.stop(), 60_000);

  it('answers 502 JSON for therapy while it is dead, and drains its outbox once it is back', async () => {
    // Therapy commits events it cannot publish yet (NATS is down): two children created, two helpers invited.
    await system.stopNats();
    const newChildren = [await createChild(parent, 'Florin'), await createChild(parent, 'Gabriela')];
    const invited = ['terapeut.crash@aba-system.test', 'coordonator.crash@aba-system.test'];
    await parent.expect(201, 'POST', `/api/child/${childId}/helper/add`, {
      email: invited[0],
      access_type: 'THERAPIST',
    });
    await parent.expect(201, 'POST', `/api/child/${childId}/helper/add`, {
      email: invited[1],
      access_type: 'ADMIN',
    });
    const pending = await outbox(system, 'therapy');
    expect(pending.map((event) => event.subject).sort()).toEqual(
      [
        Subjects.ChildCreatedV1,
        Subjects.ChildCreatedV1,
        Subjects.HelperInvitedV2,
        Subjects.HelperInvitedV2,
      ].sort(),
    );

    // Therapy dies with them unpublished.
    await system.killService('therapy');

    // Meanwhile the gateway answers therapy's routes 502 with a JSON error, reads and writes alike…
    for (const [method, path, body] of [
      ['GET', '/api/child/list', undefined],
      ['GET', `/api/child/${childId}/plan/list`, undefined],
      ['POST', '/api/child/create', { first_name: 'Ion', last_name: 'Test', date_of_birth: '2020-01-01' }],
    ] as const) {
      const answer = await parent.call(method, path, body);
      expect([method, path, answer.status, answer.body]).toEqual([
        method,
        path,
        502,
        { error: ErrorMessages.serviceUnavailable },
      ]);
    }
    // …while identity and billing keep answering.
    expect((await parent.call('GET', '/api/get-session')).status).toBe(200);
    expect((await parent.call('GET', '/api/user/subscription-data')).status).toBe(200);

    // NATS comes back, then therapy is restarted.
    await system.startNats();
    expect(await outbox(system, 'therapy')).toEqual(pending); // nobody else publishes therapy's events
    await system.startService('therapy');

    // The outbox drains, and each event reaches its consumer once: billing learns of the new children (they can be
    // licensed), identity mails each invite.
    await waitFor("therapy's outbox to drain", async () => (await outbox(system, 'therapy')).length === 0);
    for (const newChild of newChildren) await addLicence(parent, newChild, SETTLE_MS);
    await waitFor('an invite e-mail for each invited helper', () =>
      invited.every((email) => mailsByRecipient(system.mailDir, 'invite').has(email)),
    );
    await waitFor('billing and identity to have consumed and acknowledged everything', async () => {
      const backlogs = [
        await consumerBacklog(system, 'billing', 'therapy'),
        await consumerBacklog(system, 'identity', 'therapy'),
      ];
      return backlogs.every((backlog) => backlog.pending === 0 && backlog.unacknowledged === 0);
    });
    const published = (await publishedEvents(system, 'therapy')).map((event) => event.id);
    expect(pending.map((event) => published.filter((id) => id === event.id).length)).toEqual([1, 1, 1, 1]);
    const created = pending
      .filter((event) => event.subject === Subjects.ChildCreatedV1)
      .map((event) => event.id);
    const invites = pending
      .filter((event) => event.subject === Subjects.HelperInvitedV2)
      .map((event) => event.id);
    expect(await handledEvents(system, 'billing', created)).toEqual(new Set(created));
    expect(await handledEvents(system, 'identity', invites)).toEqual(new Set(invites));
    expect(Object.fromEntries(mailsByRecipient(system.mailDir, 'invite'))).toEqual(
      Object.fromEntries(invited.map((email) => [email, 1])),
    );

    // Therapy answers through the gateway again, with everything written before the crash.
    const { children } = await parent.expect(200, 'GET', '/api/child/list');
    expect(children.map((child: { id: string }) => child.id).sort()).toEqual(
      [childId, ...newChildren].sort(),
    );
    expect(system.unexpectedExits).toEqual([]);
  }, 150_000);
});
