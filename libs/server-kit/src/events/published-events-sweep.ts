import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import { PeriodicSweep } from '../housekeeping/periodic-sweep.js';
import { EVENTS_OPTIONS, type EventsOptions } from './events.options.js';

const EVERY_MS = 10 * 60_000;

/**
 * Removes the outbox's published rows once the streams have dropped them too (`EVENT_RETENTION_DAYS`): until then a
 * restored backup publishes them again (ADR 0058); after, the streams' consumers could not have missed them.
 */
@Injectable()
export class PublishedEventsSweep extends PeriodicSweep {
  constructor(
    private readonly orm: MikroORM,
    @Inject(EVENTS_OPTIONS) private readonly options: EventsOptions,
  ) {
    super(EVERY_MS);
  }

  protected async work(now: Date): Promise<void> {
    await this.orm.em
      .fork()
      .getConnection()
      .execute(
        `delete from "${this.options.schema}"."outbox_event"
          where "published_at" < ?::timestamptz - make_interval(days => ?)`,
        [now.toISOString(), this.options.nats.retentionDays],
      );
  }
}
