import { SetMetadata } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/core';
import type { EventEnvelope, EventPayload, Subject } from '@aba/contracts/events';

export const ON_EVENT = 'aba:on-event';

export interface EventHandlerContext {
  envelope: EventEnvelope;
  /**
   * The event's transaction, shared by all its handlers: the inbox row is written in it, so their effects and
   * "handled" commit together.
   */
  em: EntityManager;
  /**
   * Runs `effect` once the handler's transaction has committed (e.g. sending an e-mail): never for a rolled-back
   * or duplicate delivery. A failing effect is logged; it does not redeliver the event.
   */
  afterCommit(effect: () => Promise<void> | void): void;
}

export type EventHandlerFn<S extends Subject> = (
  data: EventPayload<S>,
  context: EventHandlerContext,
) => Promise<void>;

/**
 * Marks a provider method as a handler of one event subject. A subject may have several handlers in a service (one
 * per feature that reacts to it): they run one after another, in the order of their `<Provider>.<method>` names, in
 * one transaction with the event's inbox row, so they commit together or are all retried. None may rely on another
 * having run. Each receives the validated payload and the transactional EntityManager.
 */
export const OnEvent = (subject: Subject) => SetMetadata(ON_EVENT, subject);
