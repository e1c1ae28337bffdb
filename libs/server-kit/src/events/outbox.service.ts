import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import {
  EventCatalogue,
  subjectContext,
  subjectVersion,
  type EventEnvelope,
  type EventPayload,
  type Subject,
} from '@aba/contracts/events';
import { OutboxEvent } from './event-entities.js';
import { EVENTS_OPTIONS, type EventsOptions } from './events.options.js';

/**
 * Records an event in the caller's unit of work, so it is committed with the state change it announces
 * (or not at all). The relay publishes it afterwards.
 */
@Injectable()
export class OutboxService {
  constructor(@Inject(EVENTS_OPTIONS) private readonly options: EventsOptions) {}

  add<S extends Subject>(
    em: EntityManager,
    subject: S,
    data: EventPayload<S>,
  ): EventEnvelope<EventPayload<S>> {
    if (subjectContext(subject) !== this.options.context) {
      throw new Error(`${this.options.context} may not publish ${subject}`);
    }
    const envelope: EventEnvelope<EventPayload<S>> = {
      id: randomUUID(),
      type: subject,
      version: subjectVersion(subject),
      occurredAt: new Date().toISOString(),
      producer: this.options.context,
      data: EventCatalogue[subject].parse(data) as EventPayload<S>,
    };
    em.persist(
      em.create(OutboxEvent, { id: envelope.id, subject, envelope: envelope as Record<string, unknown> }),
    );
    return envelope;
  }
}
