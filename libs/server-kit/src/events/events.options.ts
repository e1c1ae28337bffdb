import type { EventContext } from '@aba/contracts/events';

export interface EventsOptions {
  /** The producing context of this service: it may publish only its own subjects. */
  context: EventContext;
  /** Durable consumer name, shared by every replica of the service. */
  consumerName: string;
  /** The service's database schema (holds its outbox and inbox tables). */
  schema: string;
  nats: { url: string; prefix: string; maxDeliver: number; retentionDays: number; streamReplicas: number };
  /** How long the relay waits before looking again when the outbox was empty. */
  relayIdleMs?: number;
}

export const EVENTS_OPTIONS = Symbol('EVENTS_OPTIONS');
export const NATS_CONNECTION = Symbol('NATS_CONNECTION');
export const EVENT_NAMING = Symbol('EVENT_NAMING');
