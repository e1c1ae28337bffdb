import 'reflect-metadata';
import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { MetadataScanner, Reflector, type DiscoveryService } from '@nestjs/core';
import type { MikroORM } from '@mikro-orm/core';
import type { JsMsg } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { randomUUID } from 'node:crypto';
import { Subjects } from '@aba/contracts/events';
import { EventConsumer, eventHandlersBySubject, retryDelayMs } from './event-consumer.js';
import type { EventsOptions } from './events.options.js';
import { EventNaming } from './naming.js';
import { OnEvent, type EventHandlerContext } from './on-event.decorator.js';

describe('retryDelayMs', () => {
  it('doubles from one second and caps at thirty', () => {
    expect([1, 2, 3, 4, 5, 6, 10].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});

describe('EventNaming', () => {
  it('uses catalogue names without a prefix', () => {
    const naming = new EventNaming('');
    expect(naming.subject('therapy.child.created.v1')).toBe('therapy.child.created.v1');
    expect(naming.stream('therapy')).toBe('THERAPY');
    expect(naming.deadLetterSubject('billing', 'therapy.child.deleted.v1')).toBe(
      'dead-letter.billing.therapy.child.deleted.v1',
    );
  });

  it('isolates a prefixed run and maps its subjects back', () => {
    const naming = new EventNaming('t42');
    expect(naming.subject('identity.user.registered.v1')).toBe('t42.identity.user.registered.v1');
    expect(naming.unprefixed('t42.identity.user.registered.v1')).toBe('identity.user.registered.v1');
    expect(naming.stream('billing')).toBe('t42_BILLING');
    expect(naming.streamSubjects('identity')).toBe('t42.identity.>');
  });
});

/** A database of one table of applied effects and the inbox, with transactions that commit all or nothing. */
class FakeDatabase {
  readonly inbox = new Set<string>();
  readonly applied: string[] = [];
  readonly orm = {
    em: { fork: () => ({ transactional: <T>(work: (em: unknown) => Promise<T>) => this.transaction(work) }) },
  };

  private async transaction<T>(work: (em: unknown) => Promise<T>): Promise<T> {
    const staged = { inbox: [] as string[], applied: [] as string[] };
    const em = {
      apply: (effect: string) => void staged.applied.push(effect),
      getTransactionContext: () => undefined,
      getConnection: () => ({
        execute: async (_sql: string, [eventId]: [string]) => {
          if (this.inbox.has(eventId) || staged.inbox.includes(eventId)) return [];
          staged.inbox.push(eventId);
          return [{ event_id: eventId }];
        },
      }),
    };
    const result = await work(em);
    for (const eventId of staged.inbox) this.inbox.add(eventId);
    this.applied.push(...staged.applied);
    return result;
  }
}

type FakeEm = { apply(effect: string): void };
const apply = ({ em }: EventHandlerContext, effect: string) => (em as unknown as FakeEm).apply(effect);

class UserDirectory {
  @OnEvent(Subjects.UserRegisteredV1)
  async onRegistered(_data: unknown, context: EventHandlerContext) {
    apply(context, 'directory');
  }
}

class Invites {
  failing = false;

  @OnEvent(Subjects.UserRegisteredV1)
  async activate(_data: unknown, context: EventHandlerContext) {
    apply(context, 'invites');
    if (this.failing) throw new Error('invites could not be activated');
  }

  @OnEvent(Subjects.SessionRevokedV1)
  async onSessionRevoked(_data: unknown, context: EventHandlerContext) {
    apply(context, 'sessions');
  }
}

const options: EventsOptions = {
  context: 'therapy',
  consumerName: 'therapy',
  schema: 'therapy',
  nats: { url: 'nats://127.0.0.1:4222', prefix: '', maxDeliver: 5, retentionDays: 7, streamReplicas: 1 },
};

function consumerOf(database: FakeDatabase, providers: object[]): EventConsumer {
  const consumer = new EventConsumer(
    database.orm as unknown as MikroORM,
    { getProviders: () => providers.map((instance) => ({ instance })) } as unknown as DiscoveryService,
    new MetadataScanner(),
    new Reflector(),
    {} as NatsConnection,
    new EventNaming(''),
    options,
  );
  consumer.onModuleInit();
  return consumer;
}

function registeredEvent() {
  return {
    id: randomUUID(),
    type: Subjects.UserRegisteredV1,
    version: 1,
    occurredAt: new Date().toISOString(),
    producer: 'identity',
    data: {
      userId: randomUUID(),
      email: 'ana@example.com',
      firstName: 'Ana',
      lastName: 'Pop',
      role: 'PARENT',
    },
  };
}

function delivery(envelope: ReturnType<typeof registeredEvent>, deliveryCount = 1) {
  return {
    subject: envelope.type,
    json: () => envelope,
    info: { deliveryCount },
    ack: jest.fn(),
    nak: jest.fn(),
  };
}

const deliver = (consumer: EventConsumer, msg: ReturnType<typeof delivery>) =>
  consumer.handle(msg as unknown as JsMsg);

describe('eventHandlersBySubject', () => {
  const scan = (providers: object[]) =>
    eventHandlersBySubject(
      providers.map((instance) => ({ instance })),
      new MetadataScanner(),
      new Reflector(),
    );

  it("gathers a subject's handlers from several providers in the order of their names", () => {
    const bySubject = scan([new UserDirectory(), new Invites()]);
    expect(bySubject.get(Subjects.UserRegisteredV1)!.map((handler) => handler.name)).toEqual([
      'Invites.activate',
      'UserDirectory.onRegistered',
    ]);
    expect(bySubject.get(Subjects.SessionRevokedV1)!.map((handler) => handler.name)).toEqual([
      'Invites.onSessionRevoked',
    ]);
    expect(
      scan([new Invites(), new UserDirectory()])
        .get(Subjects.UserRegisteredV1)!
        .map((h) => h.name),
    ).toEqual(['Invites.activate', 'UserDirectory.onRegistered']);
  });

  it('refuses a provider registered twice, whose handlers would run twice per event', () => {
    expect(() => scan([new UserDirectory(), new UserDirectory()])).toThrow(
      'UserDirectory.onRegistered handles identity.user.registered.v1 twice',
    );
  });

  it('skips providers without an instance', () => {
    expect(
      eventHandlersBySubject([{ instance: undefined }, {}], new MetadataScanner(), new Reflector()).size,
    ).toBe(0);
  });
});

describe('EventConsumer.handle with several handlers for one subject', () => {
  beforeAll(() => Logger.overrideLogger(false));
  afterAll(() => Logger.overrideLogger(['log', 'error', 'warn', 'debug', 'verbose']));

  it('applies every handler once, in one transaction with one inbox entry, and acks', async () => {
    const database = new FakeDatabase();
    const consumer = consumerOf(database, [new UserDirectory(), new Invites()]);
    const event = registeredEvent();
    const msg = delivery(event);

    expect(await deliver(consumer, msg)).toBe('handled');
    expect(database.applied).toEqual(['invites', 'directory']);
    expect([...database.inbox]).toEqual([event.id]);
    expect(msg.ack).toHaveBeenCalledTimes(1);
  });

  it('rolls every handler back when one fails, and retries the event for all of them', async () => {
    const database = new FakeDatabase();
    const invites = new Invites();
    const consumer = consumerOf(database, [new UserDirectory(), invites]);
    const event = registeredEvent();
    invites.failing = true;
    const first = delivery(event, 1);

    expect(await deliver(consumer, first)).toBe('retry');
    expect(database.applied).toEqual([]);
    expect(database.inbox.size).toBe(0);
    expect(first.nak).toHaveBeenCalledWith(retryDelayMs(1));
    expect(first.ack).not.toHaveBeenCalled();

    invites.failing = false;
    expect(await deliver(consumer, delivery(event, 2))).toBe('handled');
    expect(database.applied).toEqual(['invites', 'directory']);
  });

  it('applies no handler to a duplicate delivery, and acks it', async () => {
    const database = new FakeDatabase();
    const consumer = consumerOf(database, [new UserDirectory(), new Invites()]);
    const event = registeredEvent();
    await deliver(consumer, delivery(event));
    const again = delivery(event, 2);

    expect(await deliver(consumer, again)).toBe('duplicate');
    expect(database.applied).toEqual(['invites', 'directory']);
    expect(again.ack).toHaveBeenCalledTimes(1);
  });
});
