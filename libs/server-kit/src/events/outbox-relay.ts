import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type BeforeApplicationShutdown,
} from '@nestjs/common';
import { LockMode, MikroORM } from '@mikro-orm/core';
import { jetstream, type JetStreamClient } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import type { EventEnvelope } from '@aba/contracts/events';
import { setTimeout as sleep } from 'node:timers/promises';
import { OutboxEvent } from './event-entities.js';
import { EVENT_NAMING, EVENTS_OPTIONS, NATS_CONNECTION, type EventsOptions } from './events.options.js';
import type { EventNaming } from './naming.js';

const BATCH_SIZE = 100;
const PUBLISH_TIMEOUT_MS = 5_000;
const MAX_IDLE_AFTER_FAILURE_MS = 5_000;
/** A caller waits at most this long for an event it publishes at once (the outbox still has it). */
const IMMEDIATE_PUBLISH_TIMEOUT_MS = 1_000;

/**
 * Publishes committed outbox rows to JetStream with `msgID` = event id (so a re-publish after a crash is
 * de-duplicated by the stream), then stamps them published (`PublishedEventsSweep` removes them once the streams no
 * longer keep them). Rows are claimed with FOR UPDATE SKIP LOCKED, so any number of replicas can relay side by side
 * without publishing a row twice in parallel.
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(OutboxRelay.name);
  private readonly js: JetStreamClient;
  private running = false;
  private loop?: Promise<void>;
  private failing = false;

  constructor(
    private readonly orm: MikroORM,
    @Inject(NATS_CONNECTION) nc: NatsConnection,
    @Inject(EVENT_NAMING) private readonly naming: EventNaming,
    @Inject(EVENTS_OPTIONS) private readonly options: EventsOptions,
  ) {
    this.js = jetstream(nc);
  }

  onApplicationBootstrap(): void {
    this.running = true;
    this.loop = this.run();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.running = false;
    await this.loop;
  }

  /**
   * Publishes events the caller has just committed through the outbox, before it answers (a session revocation must
   * reach every gateway before the client's next request). Their rows stay for the relay, which publishes them again
   * (de-duplicated by the stream) and stamps them: a failure here only delays them, it is never thrown.
   */
  async publishNow(...envelopes: EventEnvelope[]): Promise<void> {
    for (const envelope of envelopes) {
      try {
        await this.js.publish(this.naming.subject(envelope.type), JSON.stringify(envelope), {
          msgID: envelope.id,
          timeout: IMMEDIATE_PUBLISH_TIMEOUT_MS,
        });
      } catch (error) {
        this.reportFailure(error);
      }
    }
  }

  /** Publishes one batch; returns how many rows were published. */
  async relayBatch(): Promise<number> {
    const em = this.orm.em.fork();
    return em.transactional(async (tx) => {
      const rows = await tx.find(
        OutboxEvent,
        { publishedAt: null },
        { orderBy: { createdAt: 'asc' }, limit: BATCH_SIZE, lockMode: LockMode.PESSIMISTIC_PARTIAL_WRITE },
      );
      let published = 0;
      try {
        for (const row of rows) {
          await this.js.publish(this.naming.subject(row.subject), JSON.stringify(row.envelope), {
            msgID: row.id,
            timeout: PUBLISH_TIMEOUT_MS,
          });
          row.publishedAt = new Date();
          published++;
        }
      } catch (error) {
        // Keep what was published; the rest stays in the outbox for the next round.
        this.reportFailure(error);
      }
      return published;
    });
  }

  private async run(): Promise<void> {
    const idleMs = this.options.relayIdleMs ?? 100;
    let backoff = idleMs;
    while (this.running) {
      try {
        const published = await this.relayBatch();
        if (published > 0) this.reportRecovery();
        if (published === BATCH_SIZE) continue;
        backoff = this.failing ? Math.min(backoff * 2, MAX_IDLE_AFTER_FAILURE_MS) : idleMs;
      } catch (error) {
        this.reportFailure(error);
        backoff = Math.min(backoff * 2, MAX_IDLE_AFTER_FAILURE_MS);
      }
      await sleep(backoff);
    }
  }

  private reportFailure(error: unknown): void {
    if (!this.failing) {
      this.failing = true;
      this.logger.warn(
        { err: error },
        'Outbox relay cannot publish; events stay in the outbox and will be retried',
      );
    }
  }

  private reportRecovery(): void {
    if (this.failing) {
      this.failing = false;
      this.logger.log('Outbox relay publishing again');
    }
  }
}
