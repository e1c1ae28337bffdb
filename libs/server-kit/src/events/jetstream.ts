import { connect, nanos, type NatsConnection } from '@nats-io/transport-node';
import {
  JetStreamApiError,
  jetstreamManager,
  RetentionPolicy,
  StorageType,
  type JetStreamManager,
  type StreamConfig,
} from '@nats-io/jetstream';
import type { EventContext } from '@aba/contracts/events';
import type { EventNaming } from './naming.js';

const CONTEXTS: EventContext[] = ['identity', 'therapy', 'billing'];
const DUPLICATE_WINDOW_MS = 10 * 60_000;
const DAY_MS = 24 * 3_600_000;
/** JetStream's answer to adding a stream that exists with another configuration. */
const STREAM_NAME_IN_USE = 10058;
/** How long a service keeps trying to set its streams up while NATS cannot (a cluster electing its leader). */
const STREAM_SETUP_MS = 60_000;

/**
 * Connects to one of `url`'s servers (a comma-separated list: a cluster's nodes) and keeps reconnecting forever: a NATS outage delays events, it never stops the service. The first
 * connection is waited for (`waitForFirst`, the default) or, if NATS cannot be reached, refused at once so that the
 * caller can give up (it cannot be abandoned while it waits).
 */
export function connectNats(
  url: string,
  name: string,
  { waitForFirst = true } = {},
): Promise<NatsConnection> {
  return connect({
    servers: url.split(','),
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
  // Not asked whether JetStream answers: the setup below is retried until it does.
  const jsm = await jetstreamManager(nc, { checkAPI: false });
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
    await retried(() => putStream(jsm, config));
  }
  return jsm;
}

/**
 * Adds the stream or, when it exists, updates it to `config`. Adding is idempotent for the same configuration, so
 * replicas starting at once (each adding it) all succeed.
 */
async function putStream(
  jsm: JetStreamManager,
  config: Partial<StreamConfig> & { name: string },
): Promise<void> {
  try {
    await jsm.streams.add(config);
  } catch (error) {
    if (!(error instanceof JetStreamApiError && error.code === STREAM_NAME_IN_USE)) throw error;
    await jsm.streams.update(config.name, config);
  }
}

/** Runs `work` until it succeeds, for up to STREAM_SETUP_MS (a cluster answers nothing while it elects a leader). */
async function retried(work: () => Promise<void>): Promise<void> {
  const deadline = Date.now() + STREAM_SETUP_MS;
  for (let wait = 100; ; wait = Math.min(wait * 2, 2_000)) {
    try {
      return await work();
    } catch (error) {
      if (Date.now() + wait > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

/** Removes every stream of a prefix (test clean-up). */
export async function deleteStreams(nc: NatsConnection, naming: EventNaming): Promise<void> {
  const jsm = await jetstreamManager(nc);
  for (const name of [...CONTEXTS.map((c) => naming.stream(c)), naming.deadLetterStream]) {
    await jsm.streams.delete(name).catch(() => undefined);
  }
}
