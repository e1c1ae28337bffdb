import { Module } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import type { EventPayload, Subject } from '@aba/contracts/events';
import { eventTablesMigration, outboxRetentionMigration } from '../database/event-tables.migration.js';
import { migrateService } from '../database/migrate.js';
import type { ServiceName } from '../database/provision.js';
import { OutboxService } from '../events/outbox.service.js';
import { createServiceApp, loadServiceConfig, ServiceKitModule } from '../service-kit.js';
import type { TestEnvironment } from './test-environment.js';

export interface EventProducer {
  /** Commits one event through the real outbox of `context`; the real relay publishes it. */
  publish<S extends Subject>(subject: S, data: EventPayload<S>): Promise<void>;
  close(): Promise<void>;
}

/**
 * Stands in for another service as a producer of its events (services never import each other):
 * the same outbox, relay and streams the real producer uses, with none of its endpoints.
 */
export async function startEventProducer(env: TestEnvironment, context: ServiceName): Promise<EventProducer> {
  const migrations = [eventTablesMigration(context), outboxRetentionMigration(context)];
  const config = loadServiceConfig(context, env.serviceEnv(context));
  await migrateService({ schema: context, url: config.postgres.url, entities: [], migrations });
  @Module({})
  class ProducerModule {}
  const app = await createServiceApp(
    {
      module: ProducerModule,
      imports: [ServiceKitModule.forService({ name: context, entities: [], migrations, config })],
    },
    { name: `${context}-producer`, config },
  );
  await app.init();
  return {
    async publish(subject, data) {
      await app
        .get(MikroORM)
        .em.fork()
        .transactional(async (em) => {
          app.get(OutboxService).add(em, subject, data);
        });
    },
    close: () => app.close(),
  };
}
