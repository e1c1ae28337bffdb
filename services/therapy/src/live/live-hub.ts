import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import { parseLiveHint, type LiveHint } from '@aba/contracts/api';
import { EVENT_NAMING, EventNaming, NATS_CONNECTION } from '@aba/server-kit';

type Listener = (hint: LiveHint) => void;

/**
 * The live hints of every child (ADR 0040), over plain NATS: a write on any replica publishes `live.child.<id>`, and
 * every replica hears it and passes it to the streams it holds for that child. Not through the outbox: a hint is no
 * state, only "read again"; one lost (NATS down) leaves a page as it was until the next hint or its reconnection,
 * when it reads everything again.
 */
@Injectable()
export class LiveHub implements OnModuleInit, OnApplicationShutdown {
  private readonly listeners = new Map<string, Set<Listener>>();
  private subscription: Subscription | null = null;

  constructor(
    @Inject(NATS_CONNECTION) private readonly nats: NatsConnection,
    @Inject(EVENT_NAMING) private readonly naming: EventNaming,
  ) {}

  onModuleInit(): void {
    const prefix = this.naming.subject('live.child.');
    this.subscription = this.nats.subscribe(`${prefix}*`, {
      callback: (error, message) => {
        if (error) return;
        const listeners = this.listeners.get(message.subject.slice(prefix.length));
        if (!listeners) return;
        const hint = parseLiveHint(message.string());
        for (const listener of listeners) listener(hint);
      },
    });
  }

  onApplicationShutdown(): void {
    this.subscription?.unsubscribe();
  }

  /** Tells every replica's streams of `childId`; never throws (a hint that cannot go is simply not sent). */
  publish(childId: string, hint: LiveHint): void {
    try {
      this.nats.publish(this.naming.subject(`live.child.${childId}`), JSON.stringify(hint));
    } catch {
      // NATS closed: the pages read again when their stream reconnects
    }
  }

  /** Hears `childId`'s hints until the returned function is called. */
  listen(childId: string, listener: Listener): () => void {
    let listeners = this.listeners.get(childId);
    if (!listeners) {
      listeners = new Set();
      this.listeners.set(childId, listeners);
    }
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) this.listeners.delete(childId);
    };
  }
}
