import { existsSync, readdirSync } from 'node:fs';
import { jetstreamManager } from '@nats-io/jetstream';
import type { EventContext } from '@aba/contracts/events';
import { connectNats, EventNaming } from '@aba/server-kit';
import type { Api } from '@aba/infra/api-client';
import { ADMIN, type FaultySystem, type ServiceName } from './faulty-system.js';

/**
 * How long a wait for something the system does by itself (an event arriving, a service recovering) may last before
 * the test gives up on it. A guard against "never", not a performance target: the scenarios assert outcomes.
 */
export const SETTLE_MS = 60_000;

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Polls `check` until it returns something truthy (returned); fails naming `what` after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T> | T,
  timeoutMs = SETTLE_MS,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    let timer: NodeJS.Timeout | undefined;
    try {
      // A check that never settles (a call to a server that is not there) counts as a failed one at the deadline.
      const gaveUp = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('no answer')), Math.max(0, deadline - Date.now()));
      });
      const value = await Promise.race([check(), gaveUp]);
      if (value) return value as NonNullable<T>;
      last = value;
    } catch (error) {
      last = error;
    } finally {
      clearTimeout(timer);
    }
    if (Date.now() >= deadline) throw new Error(`Gave up waiting for ${what} (last: ${String(last)})`);
    await sleep(200);
  }
}

/**
 * A parent with an active subscription of `quantity` licences, logged in. The administrator creates it as soon as
 * billing knows the new account (identity's `user.registered` event).
 */
export async function parentWithSubscription(
  system: FaultySystem,
  email: string,
  quantity: number,
): Promise<Api> {
  const parent = await system.register(email);
  const admin = await system.login(ADMIN.email, ADMIN.password);
  await admin.expect(201, 'POST', '/api/subscription/create', { user_email: email, quantity }, SETTLE_MS);
  return parent;
}

export async function createChild(parent: Api, firstName: string): Promise<string> {
  const { child_id: childId } = await parent.expect(201, 'POST', '/api/child/create', {
    first_name: firstName,
    last_name: 'Test',
    date_of_birth: '2020-03-14',
  });
  return childId as string;
}

/** Creates a sub-plan of the child with one item to score; answers the item's id. */
export async function createItem(
  parent: Api,
  childId: string,
  subPlan: { name: string; description: string },
  description: string,
): Promise<string> {
  const { id } = await parent.expect(201, 'POST', `/api/child/${childId}/sub-plan/create`, subPlan);
  const { item } = await parent.expect(201, 'POST', '/api/sub-plan-item/create', {
    description,
    sub_plan_id: id,
  });
  return item.id as string;
}

/** Gives a child a licence; `retryMs` while billing may not know the child yet (therapy's `child.created` event). */
export async function addLicence(parent: Api, childId: string, retryMs = 0): Promise<string> {
  const body = await parent.expect(201, 'POST', '/api/child/add-license', { child_id: childId }, retryMs);
  return body.child_subscription_id as string;
}

/** What therapy's licence gate answers on one of the child's data calls: 200 licensed, 402 not. */
export async function childDataStatus(parent: Api, childId: string): Promise<number> {
  return (await parent.call('GET', `/api/child/${childId}/plan/list`)).status;
}

/** Waits until therapy's licence gate shows the child as `licensed` (or not). */
export async function untilGate(parent: Api, childId: string, licensed: boolean): Promise<void> {
  const wanted = licensed ? 200 : 402;
  await waitFor(
    `therapy's gate to answer ${wanted} for child ${childId}`,
    async () => (await childDataStatus(parent, childId)) === wanted,
  );
}

/** The events a service has committed and not yet published (its relay stamps a published one, ADR 0058). */
export async function outbox(
  system: FaultySystem,
  service: ServiceName,
): Promise<{ id: string; subject: string }[]> {
  return system.sql(
    `select "id", "subject" from "${service}"."outbox_event" where "published_at" is null order by "created_at"`,
  );
}

/**
 * The event ids among `ids` that `service` has handled: its inbox, written in the handler's transaction, holds each
 * handled event id once (a redelivered event finds its id there and is skipped).
 */
export async function handledEvents(
  system: FaultySystem,
  service: ServiceName,
  ids: string[],
): Promise<Set<string>> {
  const rows = await system.sql<{ event_id: string }>(
    `select "event_id" from "${service}"."inbox_event" where "event_id" = any($1::uuid[])`,
    [ids],
  );
  return new Set(rows.map((row) => row.event_id));
}

/**
 * What `consumer`'s durable consumer on `producer`'s stream still has to do: messages not yet delivered and messages
 * delivered but not acknowledged. Both 0: nothing more will reach the consumer.
 */
export async function consumerBacklog(
  system: FaultySystem,
  consumer: ServiceName,
  producer: EventContext,
): Promise<{ pending: number; unacknowledged: number }> {
  const nc = await connectNats(system.natsUrl, 'system-tests-observer');
  try {
    const jsm = await jetstreamManager(nc);
    const info = await jsm.consumers.info(new EventNaming('').stream(producer), consumer);
    return { pending: info.num_pending, unacknowledged: info.num_ack_pending };
  } finally {
    await nc.close();
  }
}

/** Every event `producer`'s stream holds (each one its relay published), oldest first: id and subject. */
export async function publishedEvents(
  system: FaultySystem,
  producer: EventContext,
): Promise<{ id: string; type: string }[]> {
  const nc = await connectNats(system.natsUrl, 'system-tests-observer');
  try {
    const jsm = await jetstreamManager(nc);
    const stream = new EventNaming('').stream(producer);
    const { state } = await jsm.streams.info(stream);
    const events: { id: string; type: string }[] = [];
    for (let seq = state.first_seq; state.messages > 0 && seq <= state.last_seq; seq++) {
      const message = await jsm.streams.getMessage(stream, { seq }).catch(() => null);
      if (message) events.push(message.json<{ id: string; type: string }>());
    }
    return events.map(({ id, type }) => ({ id, type }));
  } finally {
    await nc.close();
  }
}

/** How many e-mails of `kind` identity wrote per recipient (files `<timestamp>-<kind>-<recipient>[-n].eml`). */
export function mailsByRecipient(mailDir: string, kind: 'invite' | 'activation'): Map<string, number> {
  const counts = new Map<string, number>();
  if (!existsSync(mailDir)) return counts;
  const pattern = new RegExp(`-${kind}-(.+?)(?:-\\d+)?\\.eml$`);
  for (const file of readdirSync(mailDir)) {
    const recipient = pattern.exec(file)?.[1];
    if (recipient) counts.set(recipient, (counts.get(recipient) ?? 0) + 1);
  }
  return counts;
}
