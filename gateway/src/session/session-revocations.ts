import type { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import type { Logger } from 'pino';
import { EventCatalogue, Subjects, type EventEnvelope } from '@aba/contracts/events';
import { connectNats, EventNaming, type NatsConfig } from '@aba/server-kit';
import type { IdentitySessionResolver } from './identity-session-resolver.js';

/** How long start-up waits for NATS before serving without the session cache. */
const FIRST_CONNECT_WAIT_MS = 2_000;
/** Between tries to reach NATS while it has never been reached. */
const CONNECT_RETRY_MS = 1_000;

/**
 * Every gateway replica hears identity's `identity.session.revoked.v1` (a plain NATS subscription: each replica gets
 * each message) and drops what it remembers of that user's sessions. While this gateway cannot hear them (NATS not
 * reached yet, or disconnected), it remembers no session at all: every request asks identity. ADR 0014.
 */
export class SessionRevocations implements OnApplicationBootstrap, OnApplicationShutdown {
  private connection: NatsConnection | null = null;
  private closed = false;

  constructor(
    private readonly nats: NatsConfig,
    private readonly sessions: IdentitySessionResolver,
    private readonly logger: Logger,
  ) {}

  /** Resolves once listening, or after a short wait while NATS keeps being tried in the background. */
  async onApplicationBootstrap(): Promise<void> {
    this.sessions.setCaching(false);
    const listening = this.listen().catch((error: unknown) => {
      if (!this.closed)
        this.logger.warn({ err: error }, 'session revocations: cannot listen; sessions are not cached');
    });
    await Promise.race([
      listening,
      new Promise((resolve) => setTimeout(resolve, FIRST_CONNECT_WAIT_MS).unref()),
    ]);
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    await this.connection?.close().catch(() => undefined);
  }

  private async listen(): Promise<void> {
    const connection = await this.connect();
    if (!connection) return;
    this.connection = connection;
    const subject = new EventNaming(this.nats.prefix).subject(Subjects.SessionRevokedV1);
    connection.subscribe(subject, {
      callback: (error, message) => {
        if (error) return;
        const envelope = message.json<EventEnvelope>();
        const data = EventCatalogue[Subjects.SessionRevokedV1].safeParse(envelope?.data);
        if (data.success) this.sessions.forgetUser(data.data.userId);
      },
    });
    await connection.flush();
    this.sessions.setCaching(true);
    this.logger.info({ subject }, 'session revocations: listening');
    void this.followStatus(connection);
  }

  /** Tries until NATS answers or the gateway stops (null then); once connected, the client reconnects by itself. */
  private async connect(): Promise<NatsConnection | null> {
    while (!this.closed) {
      try {
        const connection = await connectNats(this.nats.url, 'gateway', { waitForFirst: false });
        if (!this.closed) return connection;
        await connection.close();
      } catch {
        await new Promise((resolve) => setTimeout(resolve, CONNECT_RETRY_MS).unref());
      }
    }
    return null;
  }

  /** A disconnected gateway may miss a revocation: no cache until it hears them again. */
  private async followStatus(connection: NatsConnection): Promise<void> {
    for await (const status of connection.status()) {
      if (status.type === 'disconnect') {
        this.sessions.setCaching(false);
        this.logger.warn('session revocations: NATS disconnected; sessions are not cached');
      } else if (status.type === 'reconnect') {
        this.sessions.setCaching(true);
        this.logger.info('session revocations: NATS reconnected; sessions are cached again');
      }
    }
  }
}
