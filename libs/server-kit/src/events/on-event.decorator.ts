import { SetMetadata } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/core';
import type { EventEnvelope, EventPayload, Subject } from '@aba/contracts/events';

export const ON_EVENT = 'aba:on-event';

export interface EventHandlerContext {
  envelope: EventEnvelope;
  /** The handler's transaction: the inbox row is written in it, so effects and "handled" commit together. */
  em: EntityManager;
  /**
   * Runs `effect` once the handler's transaction has committed (e.g. sending an e-mail): never for a rolled-back
   * or duplicate delivery. A failing effect is logged; it does not redeliver the event.
   */
  afterCommit(effect: () => Promise<void> | void): void;
}

export type EventHandlerFn<S extends Subject> = (data: EventPayload<S>, context: EventHandlerContext) => Promise<void>;

/**
 * Marks a provider method as the handler of one event subject. Each subject has at most one handler per service.
 * The method receives the validated payload and a transactional EntityManager.
 */
export const OnEvent = (subject: Subject) => SetMetadata(ON_EVENT, subject);
