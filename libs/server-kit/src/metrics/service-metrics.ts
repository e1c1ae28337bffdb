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
   * One read shared by the gauges of a part during a scrape (prom-client reads every metric side by side, so a gauge
   * cannot count on another having been read first), kept from failing the whole scrape: with the database or NATS
   * down the read answers null, counted in `metrics_read_failures_total`, and the part's gauges keep their values; the
   * other metrics (the 5xx among them) are what an operator needs most then.
   */
  private sharedRead<T>(part: string, read: () => Promise<T>): () => Promise<T | null> {
    let inFlight: Promise<T | null> | null = null;
    return () =>
      (inFlight ??= read()
        .catch(() => {
          this.readFailures.inc({ part });
          return null;
        })
        .finally(() => {
          inFlight = null;
        }));
  }

  onModuleInit(): void {
    this.outboxGauges();
    this.consumerGauges();
    this.poolGauges();
  }

  /** A gauge set from its part's shared read when scraped (left as it was when the read failed). */
  private gaugeOf<T, L extends string = never>(
    settings: { name: string; help: string; labelNames?: readonly L[] },
    read: () => Promise<T | null>,
    set: (gauge: Gauge<L>, value: T) => void,
  ): void {
    new Gauge<L>({
      ...settings,
      registers: [this.registry],
      async collect() {
        const value = await read();
        if (value !== null) set(this, value);
      },
    });
  }

  /** The outbox's backlog and its oldest row's age, read in one statement when scraped. */
  private outboxGauges(): void {
    const { orm, service } = this;
    const outbox = this.sharedRead('outbox', async () => {
      const [row] = await orm.em
        .fork()
        .getConnection()
        .execute<{ backlog: number; oldest: number | null }[]>(
          `select count(*)::int as "backlog",
                  extract(epoch from now() - min("created_at"))::float8 as "oldest"
             from "${service}"."outbox_event"
            where "published_at" is null`,
        );
      return row;
    });
    this.gaugeOf(
      { name: 'outbox_backlog_events', help: 'Committed events not yet published from the outbox' },
      outbox,
      (gauge, row) => gauge.set(row.backlog),
    );
    this.gaugeOf(
      {
        name: 'outbox_oldest_event_age_seconds',
        help: 'Age of the oldest event waiting in the outbox (0 when it is empty)',
      },
      outbox,
      (gauge, row) => gauge.set(row.oldest ?? 0),
    );
  }

  /** Each durable consumer's lag, unacknowledged and redelivered events, asked of JetStream when scraped. */
  private consumerGauges(): void {
    const consumers = this.sharedRead('consumers', async () => {
      const watched = this.consumers;
      return watched ? { name: watched.name, states: await watched.source.consumerStates() } : null;
    });
    const perStream = (name: string, help: string, pick: (state: ConsumerState) => number) =>
      this.gaugeOf({ name, help, labelNames: ['consumer', 'stream'] as const }, consumers, (gauge, read) => {
        gauge.reset();
        for (const state of read.states)
          gauge.set({ consumer: read.name, stream: state.stream }, pick(state));
      });
    perStream(
      'event_consumer_pending_events',
      "Events of a stream not yet delivered to this service's durable consumer (its lag)",
      (state) => state.pending,
    );
    perStream(
      'event_consumer_unacknowledged_events',
      'Events delivered to the consumer and not yet acknowledged',
      (state) => state.ackPending,
    );
    perStream(
      'event_consumer_redelivered_events',
      'Events delivered more than once and not yet acknowledged',
      (state) => state.redelivered,
    );
  }

  /** The database pool: connections in use, requests waiting for one, and its size. */
  private poolGauges(): void {
    const connection = this.orm.em.getConnection() as unknown as { getNativeClient(): Promise<PoolCounts> };
    const pool = this.sharedRead('pool', () => connection.getNativeClient());
    this.gaugeOf(
      { name: 'db_pool_connections_in_use', help: 'Database connections checked out of the pool' },
      pool,
      (gauge, counts) => gauge.set(counts.totalCount - counts.idleCount),
    );
    this.gaugeOf(
      { name: 'db_pool_requests_waiting', help: 'Requests waiting for a free database connection' },
      pool,
      (gauge, counts) => gauge.set(counts.waitingCount),
    );
    this.gaugeOf(
      { name: 'db_pool_connections_max', help: 'The most connections the pool opens' },
      pool,
      (gauge, counts) => gauge.set(counts.options.max ?? DEFAULT_POOL_MAX),
    );
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
