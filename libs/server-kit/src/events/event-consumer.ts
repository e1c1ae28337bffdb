import {
  Inject,
  Injectable,
  Logger,
  Optional,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
  type OnModuleInit,
} from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { MikroORM } from '@mikro-orm/core';
import {
  AckPolicy,
  DeliverPolicy,
  jetstream,
  jetstreamManager,
  type ConsumerMessages,
  type JsMsg,
} from '@nats-io/jetstream';
import { nanos, type NatsConnection } from '@nats-io/transport-node';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  EventCatalogue,
  eventEnvelopeSchema,
  subjectContext,
  type EventContext,
  type EventEnvelope,
  type Subject,
} from '@aba/contracts/events';
import { EVENT_NAMING, EVENTS_OPTIONS, NATS_CONNECTION, type EventsOptions } from './events.options.js';
import type { EventNaming } from './naming.js';
import { ON_EVENT, type EventHandlerContext, type EventHandlerFn } from './on-event.decorator.js';
import { ServiceMetrics, type ConsumerState, type EventOutcome } from '../metrics/service-metrics.js';

const ACK_WAIT_MS = 30_000;
const MAX_RETRY_DELAY_MS = 30_000;
/**
 * How long one pull waits on the server. The client re-pulls after two missed idle heartbeats (half of this each), so
 * a pull the server dropped (a 409 it answers with a stall, a lost request) holds events back at most this long;
 * the library's 30 s default once left billing without a new child for longer than a user waits.
 */
const PULL_EXPIRES_MS = 5_000;

/** Delay before the n-th redelivery of a failed event: 1 s, 2 s, 4 s … capped at 30 s. */
export function retryDelayMs(deliveryCount: number): number {
  return Math.min(1_000 * 2 ** Math.max(0, deliveryCount - 1), MAX_RETRY_DELAY_MS);
}

/** One `@OnEvent` method, named `<Provider>.<method>`. */
export interface NamedEventHandler {
  name: string;
  handle: EventHandlerFn<Subject>;
}

/**
 * Groups the `@OnEvent` methods of a service's providers by subject, each subject's handlers in the order of their
 * names, so every replica and every delivery runs them in the same order. A name found twice is a provider
 * registered in two modules: its handler would run twice per event, so it is refused.
 */
export function eventHandlersBySubject(
  providers: readonly { instance?: unknown }[],
  scanner: MetadataScanner,
  reflector: Reflector,
): Map<Subject, NamedEventHandler[]> {
  const bySubject = new Map<Subject, NamedEventHandler[]>();
  for (const { instance } of providers) {
    if (!instance || typeof instance !== 'object') continue;
    const methods = instance as Record<string, unknown>;
    for (const method of scanner.getAllMethodNames(Object.getPrototypeOf(instance) as object)) {
      const fn = methods[method];
      if (typeof fn !== 'function') continue;
      const subject = reflector.get<Subject | undefined>(ON_EVENT, fn);
      if (!subject) continue;
      const name = `${instance.constructor.name}.${method}`;
      const handlers = bySubject.get(subject) ?? [];
      if (handlers.some((handler) => handler.name === name)) {
        throw new Error(`${name} handles ${subject} twice: its provider is registered in two modules`);
      }
      handlers.push({ name, handle: fn.bind(instance) as EventHandlerFn<Subject> });
      bySubject.set(subject, handlers);
    }
  }
  for (const handlers of bySubject.values()) {
    handlers.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }
  return bySubject;
}

/**
 * Runs the service's durable pull consumers (one per producing stream it listens to, shared by all replicas).
 * Each event is handled once by all of its handlers together: its id goes into the inbox table and every handler
 * runs, in one transaction, so they commit together or not at all. The message is acked after commit; a failure
 * of any handler rolls all of them back and the event is retried with back-off, then dead-lettered after
 * `maxDeliver` (ADR 0026).
 */
@Injectable()
export class EventConsumer implements OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(EventConsumer.name);
  private handlers = new Map<Subject, NamedEventHandler[]>();
  private readonly subscriptions: ConsumerMessages[] = [];
  private readonly loops: Promise<void>[] = [];
  private readonly streams: string[] = [];
  private running = false;

  constructor(
    private readonly orm: MikroORM,
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(EVENT_NAMING) private readonly naming: EventNaming,
    @Inject(EVENTS_OPTIONS) private readonly options: EventsOptions,
    @Optional() @Inject(ServiceMetrics) private readonly metrics?: ServiceMetrics,
  ) {}

  /** The subjects this service handles. */
  get subjects(): string[] {
    return [...this.handlers.keys()];
  }

  onModuleInit(): void {
    this.handlers = eventHandlersBySubject(this.discovery.getProviders(), this.scanner, this.reflector);
  }

  async onApplicationBootstrap(): Promise<void> {
    const byContext = new Map<EventContext, string[]>();
    for (const subject of this.handlers.keys()) {
      const context = subjectContext(subject);
      byContext.set(context, [...(byContext.get(context) ?? []), this.naming.subject(subject)]);
    }
    const jsm = await jetstreamManager(this.nc);
    this.running = true;
    for (const [context, subjects] of byContext) {
      const stream = this.naming.stream(context);
      const config = {
        durable_name: this.options.consumerName,
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.All,
        // One filter subject per consumer (multi-subject filters need nats-server 2.10): the handled subject,
        // or the whole stream when several are handled; unhandled subjects are acked and skipped.
        filter_subject: subjects.length === 1 ? subjects[0] : this.naming.streamSubjects(context),
        max_deliver: this.options.nats.maxDeliver,
        ack_wait: nanos(ACK_WAIT_MS),
        // One event in hand at a time across every replica, so they apply a stream's events in its order (a grant
        // and the revocation after it, on two replicas at once, could otherwise commit the other way round). A
        // failed event is retried after the ones behind it: projections whose events race stay order-independent.
        max_ack_pending: 1,
      };
      try {
        await jsm.consumers.update(stream, this.options.consumerName, config);
      } catch {
        await jsm.consumers.add(stream, config);
      }
      this.streams.push(stream);
      this.loops.push(this.consume(stream));
    }
    this.metrics?.watchConsumers(this.options.consumerName, this);
  }

  /** Each stream's durable consumer as JetStream reports it now (for the metrics). */
  async consumerStates(): Promise<ConsumerState[]> {
    const jsm = await jetstreamManager(this.nc);
    return Promise.all(
      this.streams.map(async (stream) => {
        const info = await jsm.consumers.info(stream, this.options.consumerName);
        return {
          stream,
          pending: info.num_pending,
          ackPending: info.num_ack_pending,
          redelivered: info.num_redelivered,
        };
      }),
    );
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.running = false;
    for (const subscription of this.subscriptions) subscription.stop();
    await Promise.all(this.loops);
  }

  private async consume(stream: string): Promise<void> {
    const js = jetstream(this.nc);
    while (this.running) {
      try {
        const consumer = await js.consumers.get(stream, this.options.consumerName);
        const messages = await consumer.consume({ max_messages: 64, expires: PULL_EXPIRES_MS });
        this.subscriptions.push(messages);
        // A shutdown that came while this loop was (re)connecting stopped the subscriptions it knew, not this one.
        if (!this.running) {
          messages.stop();
          break;
        }
        for await (const msg of messages) {
          this.metrics?.eventConsumed(this.options.consumerName, await this.handle(msg));
          if (!this.running) break;
        }
      } catch (error) {
        if (this.running) {
          this.logger.warn({ err: error, stream }, 'Event consumer interrupted; resuming');
          await sleep(1_000);
        }
      }
    }
  }

  /** Handles one delivery. Exposed for tests that exercise redelivery directly. */
  async handle(msg: JsMsg): Promise<EventOutcome> {
    let envelope: EventEnvelope;
    let data: unknown;
    try {
      envelope = eventEnvelopeSchema.parse(msg.json()) as EventEnvelope;
      const schema = EventCatalogue[envelope.type as Subject];
      if (!schema || envelope.type !== this.naming.unprefixed(msg.subject)) {
        throw new Error(`Unknown event type ${envelope.type} on ${msg.subject}`);
      }
      data = schema.parse(envelope.data);
    } catch (error) {
      // A malformed event never becomes valid: park it at once.
      await this.deadLetter(msg, error);
      return 'dead-lettered';
    }
    const handlers = this.handlers.get(envelope.type as Subject);
    if (!handlers) {
      msg.ack();
      return 'handled';
    }
    const afterCommit: (() => Promise<void> | void)[] = [];
    try {
      const firstTime = await this.orm.em.fork().transactional(async (em) => {
        const inserted = await em
          .getConnection()
          .execute<{ event_id: string }[]>(
            `insert into "${this.options.schema}"."inbox_event" ("event_id", "subject") values (?, ?) on conflict do nothing returning "event_id"`,
            [envelope.id, envelope.type],
            'all',
            em.getTransactionContext(),
          );
        if (inserted.length === 0) return false;
        const context: EventHandlerContext = {
          envelope,
          em,
          afterCommit: (effect) => void afterCommit.push(effect),
        };
        for (const handler of handlers) await handler.handle(data as never, context);
        return true;
      });
      msg.ack();
      if (firstTime) await this.runAfterCommit(afterCommit, envelope);
      return firstTime ? 'handled' : 'duplicate';
    } catch (error) {
      const attempt = msg.info.deliveryCount;
      if (attempt >= this.options.nats.maxDeliver) {
        await this.deadLetter(msg, error);
        return 'dead-lettered';
      }
      this.logger.warn(
        { err: error, eventId: envelope.id, type: envelope.type, attempt },
        'Event handler failed; will retry',
      );
      msg.nak(retryDelayMs(attempt));
      return 'retry';
    }
  }

  private async runAfterCommit(
    effects: (() => Promise<void> | void)[],
    envelope: EventEnvelope,
  ): Promise<void> {
    for (const effect of effects) {
      try {
        await effect();
      } catch (error) {
        this.logger.error(
          { err: error, eventId: envelope.id, type: envelope.type },
          'After-commit effect failed',
        );
      }
    }
  }

  private async deadLetter(msg: JsMsg, error: unknown): Promise<void> {
    const subject = this.naming.deadLetterSubject(
      this.options.consumerName,
      this.naming.unprefixed(msg.subject),
    );
    this.logger.error({ err: error, subject: msg.subject, seq: msg.seq }, 'Event dead-lettered');
    try {
      await jetstream(this.nc).publish(subject, msg.data, {
        msgID: `${this.options.consumerName}:${msg.info.stream}:${msg.seq}`,
      });
      msg.term(error instanceof Error ? error.message.slice(0, 200) : 'failed');
    } catch (publishError) {
      this.logger.error({ err: publishError }, 'Could not dead-letter; the event will be redelivered');
      msg.nak(MAX_RETRY_DELAY_MS);
    }
  }
}
