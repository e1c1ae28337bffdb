import {
  type DynamicModule,
  Inject,
  Injectable,
  Logger,
  Module,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import type { NatsConnection } from '@nats-io/transport-node';
import { EventConsumer } from './event-consumer.js';
import { EVENT_NAMING, EVENTS_OPTIONS, NATS_CONNECTION, type EventsOptions } from './events.options.js';
import { connectNats, ensureStreams } from './jetstream.js';
import { EventNaming } from './naming.js';
import { OutboxRelay } from './outbox-relay.js';
import { OutboxService } from './outbox.service.js';
import { PublishedEventsSweep } from './published-events-sweep.js';

@Injectable()
class NatsConnectionCloser implements OnApplicationShutdown {
  private readonly logger = new Logger('Nats');

  constructor(@Inject(NATS_CONNECTION) private readonly nc: NatsConnection) {}

  async onApplicationShutdown(): Promise<void> {
    await this.nc.drain().catch((error: unknown) => this.logger.warn({ err: error }, 'NATS drain failed'));
  }
}

/** Outbox, relay and durable consumers of one service. Requires MikroORM to be registered. */
@Module({})
export class EventsModule {
  static forService(options: EventsOptions): DynamicModule {
    return {
      module: EventsModule,
      global: true,
      imports: [DiscoveryModule],
      providers: [
        { provide: EVENTS_OPTIONS, useValue: options },
        { provide: EVENT_NAMING, useValue: new EventNaming(options.nats.prefix) },
        {
          provide: NATS_CONNECTION,
          inject: [EVENT_NAMING],
          useFactory: async (naming: EventNaming) => {
            const nc = await connectNats(options.nats.url, options.consumerName);
            await ensureStreams(nc, naming, {
              retentionDays: options.nats.retentionDays,
              replicas: options.nats.streamReplicas,
            });
            return nc;
          },
        },
        NatsConnectionCloser,
        OutboxService,
        OutboxRelay,
        PublishedEventsSweep,
        EventConsumer,
      ],
      exports: [OutboxService, OutboxRelay, EventConsumer, NATS_CONNECTION, EVENT_NAMING],
    };
  }
}
