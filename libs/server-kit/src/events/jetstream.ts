import { connect, nanos, type NatsConnection } from '@nats-io/transport-node';
import { jetstreamManager, RetentionPolicy, StorageType, type JetStreamManager } from '@nats-io/jetstream';
import type { EventContext } from '@aba/contracts/events';
import type { EventNaming } from './naming.js';

const CONTEXTS: EventContext[] = ['identity', 'therapy', 'billing'];
const DUPLICATE_WINDOW_MS = 10 * 60_000;
const DAY_MS = 24 * 3_600_000;

/**
 * Connects and keeps reconnecting forever: a NATS outage delays events, it never stops the service. The first
 * connection is waited for (`waitForFirst`, the default) or, if NATS cannot be reached, refused at once so that the
 * caller can give up (it cannot be abandoned while it waits).
 */
export function connectNats(
  url: string,
  name: string,
  { waitForFirst = true } = {},
): Promise<NatsConnection> {
  return connect({
    servers: url,
    name,
    reconnect: true,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
    waitOnFirstConnect: waitForFirst,
  });
}

/**
 * Creates (or updates) one stream per producing context and the dead-letter stream. Idempotent. Their messages are
 * kept `retentionDays` (`EVENT_RETENTION_DAYS`), then dropped: events carry names and e-mails, and what an account's
 * or a child's erasure removes from the databases leaves the streams within that time (ADR 0045). On a NATS cluster
 * each stream is kept on `replicas` nodes (`EVENT_STREAM_REPLICAS`), so losing one node loses no event.
 */
export async function ensureStreams(
  nc: NatsConnection,
  naming: EventNaming,
  { retentionDays, replicas = 1 }: { retentionDays: number; replicas?: number },
): Promise<JetStreamManager> {
  const jsm = await jetstreamManager(nc);
  const wanted = [
    ...CONTEXTS.map((context) => ({
      name: naming.stream(context),
      subjects: [naming.streamSubjects(context)],
    })),
    { name: naming.deadLetterStream, subjects: [naming.deadLetterSubjects] },
  ];
  for (const stream of wanted) {
    const config = {
      ...stream,
      retention: RetentionPolicy.Limits,
      storage: StorageType.File,
      duplicate_window: nanos(DUPLICATE_WINDOW_MS),
      max_age: nanos(retentionDays * DAY_MS),
      num_replicas: replicas,
    };
    try {
      await jsm.streams.info(stream.name);
      await jsm.streams.update(stream.name, config);
    } catch {
      await jsm.streams.add(config);
    }
  }
  return jsm;
}

/** Removes every stream of a prefix (test clean-up). */
export async function deleteStreams(nc: NatsConnection, naming: EventNaming): Promise<void> {
  const jsm = await jetstreamManager(nc);
  for (const name of [...CONTEXTS.map((c) => naming.stream(c)), naming.deadLetterStream]) {
    await jsm.streams.delete(name).catch(() => undefined);
  }
}
