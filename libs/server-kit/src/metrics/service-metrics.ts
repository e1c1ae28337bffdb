import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import { HttpMetrics } from './http-metrics.js';

/** The service's name, as its metrics are labelled and its schema is called. */
export const SERVICE_NAME = Symbol('SERVICE_NAME');

/** How a consumed event ended (ADR 0026): handled, a duplicate the inbox skipped, retried, or dead-lettered. */
export type EventOutcome = 'handled' | 'duplicate' | 'retry' | 'dead-lettered';

/** The durable consumers' state as JetStream reports it, per stream. */
export interface ConsumerState {
  stream: string;
  /** Events not yet delivered to the consumer. */
  pending: number;
  /** Delivered, not yet acknowledged. */
  ackPending: number;
  /** Delivered more than once and not yet acknowledged. */
  redelivered: number;
}

/** What the service's metrics read when scraped: the event consumers' state, set by the events module. */
export interface ConsumerStateSource {
  consumerStates(): Promise<ConsumerState[]>;
}

/** pg's pool size when none is configured. */
const DEFAULT_POOL_MAX = 10;

/** The connection pool as pg reports it. */
interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  options: { max?: number };
}

/**
 * A service's Prometheus metrics (ADR 0054), one registry per process, read at `/metrics` on the service's own port
 * (the gateway never routes there): Node's defaults (CPU, memory, event-loop lag), requests per route
 * (`HttpMetrics`), events consumed per outcome, and, read when scraped, the outbox's backlog and the age of its
 * oldest row, each consumer's pending, unacknowledged and redelivered events, and the database pool's use.
 */
@Injectable()
export class ServiceMetrics implements OnModuleInit {
  readonly registry = new Registry();
  readonly http = new HttpMetrics(this.registry);
  private readonly events: Counter<'consumer' | 'outcome'>;
  private readonly readFailures: Counter<'part'>;
  private consumers: { name: string; source: ConsumerStateSource } | null = null;

  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(SERVICE_NAME) private readonly service: string,
  ) {
    this.registry.setDefaultLabels({ service });
    collectDefaultMetrics({ register: this.registry });
    this.events = new Counter({
      name: 'events_consumed_total',
      help: 'Events this service consumed, by consumer and outcome (handled, duplicate, retry, dead-lettered)',
      labelNames: ['consumer', 'outcome'],
      registers: [this.registry],
    });
    this.readFailures = new Counter({
      name: 'metrics_read_failures_total',
      help: 'Scrapes where a part of the metrics could not be read (the database or NATS down): its gauges kept their last values',
      labelNames: ['part'],
      registers: [this.registry],
    });
  }

  /**
   * What a gauge reads when scraped, kept from failing the whole scrape: with the database or NATS down, the other
   * metrics (the 5xx among them) are what an operator needs most.
   */
  private guarded(part: string, read: () => Promise<void>): () => Promise<void> {
    return async () => {
      try {
        await read();
      } catch {
        this.readFailures.inc({ part });
      }
    };
  }

  onModuleInit(): void {
    this.outboxGauges();
    this.consumerGauges();
    this.poolGauges();
  }

  /** The outbox's backlog and its oldest row's age, read in one statement when scraped. */
  private outboxGauges(): void {
    const { orm, service } = this;
    const oldestAge = new Gauge({
      name: 'outbox_oldest_event_age_seconds',
      help: 'Age of the oldest event waiting in the outbox (0 when it is empty)',
      registers: [this.registry],
    });
    const backlog: Gauge = new Gauge({
      name: 'outbox_backlog_events',
      help: 'Committed events not yet published from the outbox',
      registers: [this.registry],
      collect: this.guarded('outbox', async () => {
        const [row] = await orm.em
          .fork()
          .getConnection()
          .execute<{ backlog: number; oldest: number | null }[]>(
            `select count(*)::int as "backlog",
                    extract(epoch from now() - min("created_at"))::float8 as "oldest"
               from "${service}"."outbox_event"`,
          );
        backlog.set(row.backlog);
        oldestAge.set(row.oldest ?? 0);
      }),
    });
  }

  /** Each durable consumer's lag, unacknowledged and redelivered events, asked of JetStream when scraped. */
  private consumerGauges(): void {
    const gauge = (name: string, help: string) =>
      new Gauge({ name, help, labelNames: ['consumer', 'stream'], registers: [this.registry] });
    const pending = gauge(
      'event_consumer_pending_events',
      "Events of a stream not yet delivered to this service's durable consumer (its lag)",
    );
    const unacknowledged = gauge(
      'event_consumer_unacknowledged_events',
      'Events delivered to the consumer and not yet acknowledged',
    );
    const redelivered: Gauge<'consumer' | 'stream'> = new Gauge({
      name: 'event_consumer_redelivered_events',
      help: 'Events delivered more than once and not yet acknowledged',
      labelNames: ['consumer', 'stream'],
      registers: [this.registry],
      collect: this.guarded('consumers', async () => {
        const watched = this.consumers;
        if (!watched) return;
        const states = await watched.source.consumerStates();
        for (const each of [redelivered, pending, unacknowledged]) each.reset();
        for (const state of states) {
          const labels = { consumer: watched.name, stream: state.stream };
          redelivered.set(labels, state.redelivered);
          pending.set(labels, state.pending);
          unacknowledged.set(labels, state.ackPending);
        }
      }),
    });
  }

  /** The database pool: connections in use, requests waiting for one, and its size. */
  private poolGauges(): void {
    const connection = this.orm.em.getConnection() as unknown as { getNativeClient(): Promise<PoolCounts> };
    const inUse = new Gauge({
      name: 'db_pool_connections_in_use',
      help: 'Database connections checked out of the pool',
      registers: [this.registry],
    });
    const waiting = new Gauge({
      name: 'db_pool_requests_waiting',
      help: 'Requests waiting for a free database connection',
      registers: [this.registry],
    });
    const max: Gauge = new Gauge({
      name: 'db_pool_connections_max',
      help: 'The most connections the pool opens',
      registers: [this.registry],
      collect: this.guarded('pool', async () => {
        const pool = await connection.getNativeClient();
        max.set(pool.options.max ?? DEFAULT_POOL_MAX);
        inUse.set(pool.totalCount - pool.idleCount);
        waiting.set(pool.waitingCount);
      }),
    });
  }

  /** Counts a consumed event's outcome. */
  eventConsumed(consumer: string, outcome: EventOutcome): void {
    this.events.inc({ consumer, outcome });
  }

  /** Where the consumers' state is read when the metrics are scraped. */
  watchConsumers(name: string, source: ConsumerStateSource): void {
    this.consumers = { name, source };
  }
}
