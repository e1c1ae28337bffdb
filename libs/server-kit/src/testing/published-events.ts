import { jetstreamManager } from '@nats-io/jetstream';
import type { EventContext, EventEnvelope } from '@aba/contracts/events';
import { connectNats } from '../events/jetstream.js';
import { EventNaming } from '../events/naming.js';
import type { TestEnvironment } from './test-environment.js';

export interface PublishedEvent {
  /** The subject on the wire (carries the run's prefix). */
  subject: string;
  envelope: EventEnvelope;
}

/** Every event a context's stream of this test run holds, oldest first: proof that an event reached NATS. */
export async function readPublishedEvents(
  env: TestEnvironment,
  context: EventContext,
): Promise<PublishedEvent[]> {
  const nc = await connectNats(env.natsUrl, 'test-stream-reader');
  try {
    const jsm = await jetstreamManager(nc);
    const stream = new EventNaming(env.natsPrefix).stream(context);
    const { state } = await jsm.streams.info(stream);
    const events: PublishedEvent[] = [];
    if (state.messages === 0) return events;
    for (let seq = state.first_seq; seq <= state.last_seq; seq++) {
      const message = await jsm.streams.getMessage(stream, { seq }).catch(() => null);
      if (message) events.push({ subject: message.subject, envelope: message.json<EventEnvelope>() });
    }
    return events;
  } finally {
    await nc.close();
  }
}
