import 'reflect-metadata';
import { Inject, Injectable, Module, type DynamicModule, type INestApplication } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import { Migration } from '@mikro-orm/migrations';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { randomUUID } from 'node:crypto';
import { Subjects, type EventPayload } from '@aba/contracts/events';
import { loadServiceConfig, createServiceApp, ServiceKitModule, type ServiceConfig } from '../service-kit.js';
import { migrateService } from '../database/migrate.js';
import { eventTablesMigration, outboxRetentionMigration } from '../database/event-tables.migration.js';
import type { ServiceName } from '../database/provision.js';
import { createTestEnvironment, eventually, type TestEnvironment } from '../testing/test-environment.js';
import { PrivateNatsServer } from '../testing/nats-server.js';
import { connectNats, deleteStreams, ensureStreams } from './jetstream.js';
import { EventNaming } from './naming.js';
import { OnEvent, type EventHandlerContext } from './on-event.decorator.js';
import { OutboxService } from './outbox.service.js';
import { PublishedEventsSweep } from './published-events-sweep.js';

/** The consuming side records each handled event in a table per handler, inside the event's transaction. */
class ReceivedTableMigration extends Migration {
  override name = 'Migration20261122000100_received';
  override up(): void {
    this.addSql(
      'create table "therapy"."received" ("event_id" uuid primary key, "user_id" uuid not null, "seq" bigserial)',
    );
    this.addSql('create table "therapy"."received_second" ("event_id" uuid primary key)');
  }
}

@Injectable()
class RecordingHandlers {
  calls = 0;
  failures = 0;
  /** What after-commit effects saw, from outside the handler's transaction. */
  committedSeen: string[] = [];
  effectsOfFailures = 0;

  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  @OnEvent(Subjects.UserRegisteredV1)
  async onRegistered(
    data: EventPayload<typeof Subjects.UserRegisteredV1>,
    { envelope, em, afterCommit }: EventHandlerContext,
  ) {
    this.calls++;
    await em
      .getConnection()
      .execute(
        'insert into "therapy"."received" ("event_id", "user_id") values (?, ?)',
        [envelope.id, data.userId],
        'run',
        em.getTransactionContext(),
      );
    afterCommit(async () => {
      const rows = await this.orm.em
        .fork()
        .getConnection()
        .execute<{ user_id: string }[]>('select user_id from "therapy"."received" where event_id = ?', [
          envelope.id,
        ]);
      this.committedSeen.push(...rows.map((row: { user_id: string }) => row.user_id));
    });
  }

  @OnEvent(Subjects.SessionRevokedV1)
  async onSessionRevoked(_data: unknown, { afterCommit }: EventHandlerContext): Promise<void> {
    this.failures++;
    afterCommit(() => {
      this.effectsOfFailures++;
    });
    throw new Error('this handler always fails');
  }
}

/** A second provider handling the same subject; runs after RecordingHandlers (handlers run in name order). */
@Injectable()
class SecondRegistrationHandler {
  calls = 0;
  /** Deliveries still to fail, after RecordingHandlers has written its row in the same transaction. */
  failuresToCause = 0;

  @OnEvent(Subjects.UserRegisteredV1)
  async onRegistered(_data: unknown, { envelope, em }: EventHandlerContext) {
    this.calls++;
    await em
      .getConnection()
      .execute(
        'insert into "therapy"."received_second" ("event_id") values (?)',
        [envelope.id],
        'run',
        em.getTransactionContext(),
      );
    if (this.failuresToCause > 0) {
      this.failuresToCause--;
      throw new Error('the second handler fails this time');
    }
  }
}

@Module({ providers: [RecordingHandlers] })
class RecordingModule {}

@Module({ providers: [SecondRegistrationHandler] })
class SecondHandlerModule {}

const producerDefinition = {
  name: 'identity' as const,
  entities: [],
  migrations: [eventTablesMigration('identity'), outboxRetentionMigration('identity')],
};
const consumerDefinition = {
  name: 'therapy' as const,
  entities: [],
  migrations: [eventTablesMigration('therapy'), outboxRetentionMigration('therapy'), ReceivedTableMigration],
};

const DAY_MS = 24 * 3_600_000;

function registered(): EventPayload<typeof Subjects.UserRegisteredV1> {
  return {
    userId: randomUUID(),
    email: 'ana@example.com',
    firstName: 'Ana',
    lastName: 'Pop',
    role: 'PARENT',
  };
}

async function boot(
  env: TestEnvironment,
  name: ServiceName,
  extraImports: DynamicModule['imports'] = [],
  natsUrl?: string,
) {
  const config: ServiceConfig = loadServiceConfig(
    name,
    env.serviceEnv(name, { EVENT_MAX_DELIVER: '2', ...(natsUrl ? { NATS_URL: natsUrl } : {}) }),
  );
  const definition = name === 'identity' ? producerDefinition : consumerDefinition;
  @Module({})
  class TestAppModule {}
  const app = await createServiceApp(
    {
      module: TestAppModule,
      imports: [ServiceKitModule.forService({ ...definition, config }), ...extraImports],
    },
    { name, config },
  );
  await app.init();
  return app;
}

describe('events: outbox → JetStream → durable consumer', () => {
  let env: TestEnvironment;
  const apps: INestApplication[] = [];

  async function start(name: ServiceName, natsUrl?: string) {
    const app = await boot(
      env,
      name,
      name === 'therapy' ? [RecordingModule, SecondHandlerModule] : [],
      natsUrl,
    );
    apps.push(app);
    return app;
  }

  async function stop(app: INestApplication) {
    await app.close();
    apps.splice(apps.indexOf(app), 1);
  }

  async function publish(
    producer: INestApplication,
    subject: typeof Subjects.UserRegisteredV1,
    data = registered(),
  ) {
    const outbox = producer.get(OutboxService);
    const em = producer.get(MikroORM).em.fork();
    await em.transactional(async (tx) => {
      outbox.add(tx, subject, data);
    });
    return data;
  }

  async function received(app: INestApplication): Promise<{ event_id: string; user_id: string }[]> {
    return app.get(MikroORM).em.fork().getConnection().execute('select * from "therapy"."received"');
  }

  async function receivedBySecond(app: INestApplication): Promise<string[]> {
    const rows = await app
      .get(MikroORM)
      .em.fork()
      .getConnection()
      .execute<{ event_id: string }[]>('select event_id from "therapy"."received_second"');
    return rows.map((row: { event_id: string }) => row.event_id);
  }

  /** The producer's outbox rows: all of them, or those still to publish. */
  async function outboxSize(app: INestApplication, which: 'waiting' | 'all' = 'waiting'): Promise<number> {
    const rows = await app
      .get(MikroORM)
      .em.fork()
      .getConnection()
      .execute<{ count: string }[]>(
        `select count(*) from "identity"."outbox_event"${which === 'waiting' ? ' where "published_at" is null' : ''}`,
      );
    return Number(rows[0]!.count);
  }

  async function outboxRow(app: INestApplication, eventId: string) {
    const rows = await app
      .get(MikroORM)
      .em.fork()
      .getConnection()
      .execute<{ published_at: Date | null }[]>(
        'select "published_at" from "identity"."outbox_event" where "id" = ?',
        [eventId],
      );
    return rows[0];
  }

  beforeAll(async () => {
    env = await createTestEnvironment();
    for (const definition of [producerDefinition, consumerDefinition]) {
      await migrateService({
        schema: definition.name,
        url: env.serviceEnv(definition.name).SERVICE_DATABASE_URL!,
        entities: definition.entities,
        migrations: definition.migrations,
      });
    }
  });

  afterEach(async () => {
    for (const app of [...apps]) await stop(app);
    const admin = await connectNats(env.natsUrl, 'cleanup');
    await admin.close();
  });

  afterAll(async () => {
    await env.teardown();
  });

  async function truncateReceived(consumer: INestApplication) {
    await consumer
      .get(MikroORM)
      .em.fork()
      .getConnection()
      .execute('truncate "therapy"."received", "therapy"."received_second"');
  }

  it('keeps events the configured number of days (EVENT_RETENTION_DAYS, 7 by default), then the streams drop them', async () => {
    await start('identity');
    const dayNs = 24 * 3_600 * 1e9;
    const naming = new EventNaming(env.natsPrefix);
    const nc = await connectNats(env.natsUrl, 'retention-reader');
    try {
      const jsm = await jetstreamManager(nc);
      const ages = async (of: EventNaming) =>
        Promise.all(
          [of.stream('identity'), of.stream('therapy'), of.stream('billing'), of.deadLetterStream].map(
            async (name) => (await jsm.streams.info(name)).config.max_age,
          ),
        );
      // A service sets them as it starts, from the default here.
      expect(await ages(naming)).toEqual([7 * dayNs, 7 * dayNs, 7 * dayNs, 7 * dayNs]);
      // One copy of each on a single server (EVENT_STREAM_REPLICAS, 3 on a cluster of three).
      expect((await jsm.streams.info(naming.stream('therapy'))).config.num_replicas).toBe(1);
      const other = new EventNaming(`${env.natsPrefix}r`);
      try {
        await ensureStreams(nc, other, { retentionDays: 3 });
        expect(await ages(other)).toEqual([3 * dayNs, 3 * dayNs, 3 * dayNs, 3 * dayNs]);
        await ensureStreams(nc, other, { retentionDays: 10 });
        expect(await ages(other)).toEqual([10 * dayNs, 10 * dayNs, 10 * dayNs, 10 * dayNs]);
      } finally {
        await deleteStreams(nc, other);
      }
    } finally {
      await nc.close();
    }
  });

  it('delivers an event written in a committed transaction to the consuming service exactly once', async () => {
    const producer = await start('identity');
    const consumer = await start('therapy');
    await truncateReceived(consumer);
    const data = await publish(producer, Subjects.UserRegisteredV1);

    const rows = (await eventually(async () =>
      (await received(consumer)).length > 0 ? received(consumer) : null,
    ))!;
    expect(rows.map((row) => row.user_id)).toEqual([data.userId]);
    await eventually(async () => (await outboxSize(producer)) === 0);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await received(consumer)).toHaveLength(1);
    expect(consumer.get(RecordingHandlers).calls).toBe(1);
    // The after-commit effect ran once, and saw the committed row.
    expect(consumer.get(RecordingHandlers).committedSeen).toEqual([data.userId]);
    // The subject's second handler ran once too, in the same transaction.
    expect(await receivedBySecond(consumer)).toEqual([rows[0]!.event_id]);
    expect(consumer.get(SecondRegistrationHandler).calls).toBe(1);
  });

  it('keeps a published event stamped as long as the streams keep it, then the sweep removes it', async () => {
    const producer = await start('identity');
    const consumer = await start('therapy');
    await truncateReceived(consumer);
    const envelope = await producer
      .get(MikroORM)
      .em.fork()
      .transactional(async (tx) =>
        producer.get(OutboxService).add(tx, Subjects.UserRegisteredV1, registered()),
      );
    const { published_at: publishedAt } = (await eventually(async () => {
      const row = await outboxRow(producer, envelope.id);
      return row?.published_at ? row : null;
    }))!;
    await eventually(async () => (await received(consumer)).length === 1);

    const sweep = producer.get(PublishedEventsSweep);
    const retained = new Date(new Date(publishedAt!).getTime() + 7 * DAY_MS - 60_000);
    await sweep.sweep(retained);
    expect(await outboxRow(producer, envelope.id)).toBeDefined();
    await sweep.sweep(new Date(retained.getTime() + 2 * 60_000));
    expect(await outboxRow(producer, envelope.id)).toBeUndefined();
  });

  it('rolls back every handler of an event when one fails, and redelivers the event to all of them', async () => {
    const producer = await start('identity');
    const consumer = await start('therapy');
    await truncateReceived(consumer);
    consumer.get(SecondRegistrationHandler).failuresToCause = 1;
    const data = await publish(producer, Subjects.UserRegisteredV1);

    // RecordingHandlers' row of the failed delivery was rolled back with the second handler's, or the redelivery's
    // insert of the same event id would fail for good.
    const rows = (await eventually(async () =>
      (await received(consumer)).length > 0 ? received(consumer) : null,
    ))!;
    expect(rows.map((row) => row.user_id)).toEqual([data.userId]);
    expect(await receivedBySecond(consumer)).toEqual([rows[0]!.event_id]);
    expect(consumer.get(RecordingHandlers).calls).toBe(2);
    expect(consumer.get(SecondRegistrationHandler).calls).toBe(2);
    // The failed delivery's after-commit effect never ran; the committed one's did, once.
    expect(consumer.get(RecordingHandlers).committedSeen).toEqual([data.userId]);
  });

  it('publishes nothing when the transaction rolls back', async () => {
    const producer = await start('identity');
    const consumer = await start('therapy');
    await truncateReceived(consumer);
    const rowsBefore = await outboxSize(producer, 'all');
    const em = producer.get(MikroORM).em.fork();
    await expect(
      em.transactional(async (tx) => {
        producer.get(OutboxService).add(tx, Subjects.UserRegisteredV1, registered());
        throw new Error('business rule failed');
      }),
    ).rejects.toThrow('business rule failed');
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(await outboxSize(producer, 'all')).toBe(rowsBefore);
    expect(await received(consumer)).toHaveLength(0);
  });

  it('delivers events published while the consumer was down once it is back', async () => {
    const producer = await start('identity');
    const first = await start('therapy');
    await truncateReceived(first);
    await stop(first);

    const sent = [
      await publish(producer, Subjects.UserRegisteredV1),
      await publish(producer, Subjects.UserRegisteredV1),
    ];
    await eventually(async () => (await outboxSize(producer)) === 0);

    const consumer = await start('therapy');
    const rows = (await eventually(async () => {
      const all = await received(consumer);
      return all.length >= 2 ? all : null;
    }))!;
    expect(rows.map((row) => row.user_id).sort()).toEqual(sent.map((s) => s.userId).sort());
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await received(consumer)).toHaveLength(2);
  });

  it('handles a message delivered twice once (inbox), and the stream drops a re-published msgID', async () => {
    const consumer = await start('therapy');
    await truncateReceived(consumer);
    const naming = new EventNaming(env.natsPrefix);
    const nc = await connectNats(env.natsUrl, 'duplicate-publisher');
    const js = jetstream(nc);
    const envelope = {
      id: randomUUID(),
      type: Subjects.UserRegisteredV1,
      version: 1,
      occurredAt: new Date().toISOString(),
      producer: 'identity',
      data: registered(),
    };
    const subject = naming.subject(Subjects.UserRegisteredV1);
    const before = (await (await jetstreamManager(nc)).streams.info(naming.stream('identity'))).state
      .messages;
    // The relay's re-publish after a crash: same msgID, stored once.
    const first = await js.publish(subject, JSON.stringify(envelope), { msgID: envelope.id });
    const again = await js.publish(subject, JSON.stringify(envelope), { msgID: envelope.id });
    expect(again.duplicate).toBe(true);
    expect(first.duplicate).toBe(false);
    // A redelivery the stream cannot recognise (e.g. an ack lost after commit): a second copy under another msgID.
    await js.publish(subject, JSON.stringify(envelope), { msgID: randomUUID() });
    const after = (await (await jetstreamManager(nc)).streams.info(naming.stream('identity'))).state.messages;
    expect(after - before).toBe(2);
    await nc.close();

    await eventually(async () => (await received(consumer)).length === 1);
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(await received(consumer)).toHaveLength(1);
    expect(consumer.get(RecordingHandlers).calls).toBe(1);
    expect(consumer.get(RecordingHandlers).committedSeen).toHaveLength(1);
    expect(await receivedBySecond(consumer)).toEqual([envelope.id]);
    expect(consumer.get(SecondRegistrationHandler).calls).toBe(1);
  });

  it('shares one durable consumer between two replicas: each event handled once', async () => {
    const producers = [await start('identity'), await start('identity')];
    const replicas = [await start('therapy'), await start('therapy')];
    await truncateReceived(replicas[0]!);
    const count = 40;
    const sent = await Promise.all(
      Array.from({ length: count }, (_, i) => publish(producers[i % 2]!, Subjects.UserRegisteredV1)),
    );
    await eventually(async () => (await received(replicas[0]!)).length >= count, 20_000);
    await new Promise((resolve) => setTimeout(resolve, 800));
    const rows = await received(replicas[0]!);
    expect(rows.map((row) => row.user_id).sort()).toEqual(sent.map((s) => s.userId).sort());
    const calls = replicas.map((replica) => replica.get(RecordingHandlers).calls);
    expect(calls[0]! + calls[1]!).toBe(count);
  });

  it("applies a stream's events in its order across replicas", async () => {
    const producer = await start('identity');
    const replicas = [await start('therapy'), await start('therapy')];
    await truncateReceived(replicas[0]!);
    const sent: string[] = [];
    for (let i = 0; i < 30; i++) sent.push((await publish(producer, Subjects.UserRegisteredV1)).userId);
    await eventually(async () => (await received(replicas[0]!)).length >= sent.length, 20_000);
    const inOrder = await replicas[0]!
      .get(MikroORM)
      .em.fork()
      .getConnection()
      .execute<{ user_id: string }[]>('select user_id from "therapy"."received" order by seq');
    expect(inOrder.map((row: { user_id: string }) => row.user_id)).toEqual(sent);
    const calls = replicas.map((replica) => replica.get(RecordingHandlers).calls);
    expect(calls.every((handled) => handled > 0)).toBe(true);
  });

  it('dead-letters an event whose handler keeps failing, after the configured number of deliveries', async () => {
    const producer = await start('identity');
    const consumer = await start('therapy');
    const userId = randomUUID();
    const em = producer.get(MikroORM).em.fork();
    await em.transactional(async (tx) => {
      producer.get(OutboxService).add(tx, Subjects.SessionRevokedV1, { userId });
    });
    const naming = new EventNaming(env.natsPrefix);
    const nc = await connectNats(env.natsUrl, 'dead-letter-reader');
    const jsm = await jetstreamManager(nc);
    const message = await eventually(async () => {
      const info = await jsm.streams.info(naming.deadLetterStream);
      if (info.state.messages === 0) return null;
      return jsm.streams.getMessage(naming.deadLetterStream, {
        last_by_subj: naming.deadLetterSubject('therapy', Subjects.SessionRevokedV1),
      });
    }, 15_000);
    expect(message).toBeTruthy();
    expect(message!.json<{ data: { userId: string } }>().data.userId).toBe(userId);
    expect(consumer.get(RecordingHandlers).failures).toBe(2);
    expect(consumer.get(RecordingHandlers).effectsOfFailures).toBe(0);
    await nc.close();
  });

  it('keeps events in the outbox while NATS is down and delivers them once after it restarts', async () => {
    const nats = await PrivateNatsServer.start();
    try {
      const producer = await start('identity', nats.url);
      const consumer = await start('therapy', nats.url);
      await truncateReceived(consumer);

      await nats.stop();
      const data = await publish(producer, Subjects.UserRegisteredV1);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(await outboxSize(producer)).toBe(1);
      expect(await received(consumer)).toHaveLength(0);
      // The sweep never removes an event still to publish, however old.
      await producer.get(PublishedEventsSweep).sweep(new Date(Date.now() + 30 * DAY_MS));
      expect(await outboxSize(producer)).toBe(1);

      await nats.start();
      const rows = (await eventually(async () => {
        const all = await received(consumer);
        return all.length > 0 ? all : null;
      }, 30_000))!;
      expect(rows.map((row) => row.user_id)).toEqual([data.userId]);
      // The relay stamps the row once NATS has acknowledged the publish, which the consumer may have handled first.
      await eventually(async () => (await outboxSize(producer)) === 0);
      await new Promise((resolve) => setTimeout(resolve, 800));
      expect(await received(consumer)).toHaveLength(1);
    } finally {
      for (const app of [...apps]) await stop(app);
      await nats.destroy();
    }
  });
});
