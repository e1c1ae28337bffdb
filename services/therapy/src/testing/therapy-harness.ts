import type { DynamicModule, INestApplication } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { CHILD_RESTORE_DAYS, type InternalIdentity, type UserRole } from '@aba/contracts/api';
import { Subjects, type EventPayload, type Subject } from '@aba/contracts/events';
import {
  createServiceApp,
  INTERNAL_TOKEN_HEADER,
  InternalTokenCodec,
  migrateService,
  sqlRows,
} from '@aba/server-kit';
import {
  createTestEnvironment,
  eventually,
  readPublishedEvents,
  startEventProducer,
  TEST_INTERNAL_TOKEN_SECRET,
  type EventProducer,
  type PublishedEvent,
  type TestEnvironment,
  listenForTests,
} from '@aba/server-kit/testing';
import { loadTherapyConfig, type TherapyConfig } from '../config.js';
import { Housekeeping } from '../housekeeping/housekeeping.service.js';
import { therapyService } from '../service.js';

export interface TestUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: UserRole;
  identity: InternalIdentity;
}

export interface TherapyHarness {
  env: TestEnvironment;
  app: INestApplication;
  /** Stands in for identity: publishes its events through a real outbox and relay. */
  identity: EventProducer;
  http(): ReturnType<typeof request>;
  /** Headers of a call forwarded by the gateway for this user. */
  headers(user: TestUser | InternalIdentity): Promise<Record<string, string>>;
  sql<T = Record<string, unknown>>(query: string, params?: unknown[]): Promise<T[]>;
  /**
   * Inserts evaluations in bulk: `rows` is a select of `id, item_id, child_id, result, user_id, created_at`. Each is
   * captured when it was created, in one ended session per child and user spanning that user's rows.
   */
  insertEvaluations(rows: string, params?: unknown[]): Promise<void>;
  /** A user registered with identity (event published) and known to therapy's directory. */
  registerUser(overrides?: Partial<Omit<TestUser, 'identity'>>): Promise<TestUser>;
  /** A user the directory does not know (never registered): only the gateway token. */
  unknownUser(role?: UserRole): TestUser;
  /** Gives a child an active licence, as billing does (its event through a real outbox), once therapy has it. */
  grantLicence(childId: string, childSubscriptionId?: string): Promise<string>;
  /** Takes a licence back, as billing does, once therapy has ended it. */
  revokeLicence(childId: string, childSubscriptionId: string): Promise<void>;
  /** Erases a deleted child as housekeeping does once its deletion is older than the restore window (ADR 0021). */
  eraseDeletedChild(childId: string): Promise<void>;
  /** Every event on this run's THERAPY stream, oldest first. */
  therapyEvents(): Promise<PublishedEvent[]>;
  /** Waits until the THERAPY stream holds an event of `subject` whose payload matches. */
  published<S extends Subject>(
    subject: S,
    match: (data: EventPayload<S>) => boolean,
  ): Promise<PublishedEvent & { data: EventPayload<S> }>;
  close(): Promise<void>;
}

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

export interface StartOptions {
  /** Another root module than the service's (e.g. with test providers or other child gates). */
  module?: (config: TherapyConfig) => DynamicModule;
  /** Environment variables to set for the service on top of the test environment's (e.g. a higher limit). */
  env?: Record<string, string>;
}

/** Therapy over HTTP against a database and NATS prefix of its own, with identity's events produced for it. */
export async function startTherapy(options: StartOptions = {}): Promise<TherapyHarness> {
  const env = await createTestEnvironment();
  const config = loadTherapyConfig({ ...env.serviceEnv('therapy'), ...options.env });
  await migrateService({ schema: 'therapy', url: config.postgres.url, ...therapyService });
  const module = (options.module ?? therapyService.module)(config);
  const app = await createServiceApp(module, {
    name: 'therapy',
    config,
    jsonBodyLimit: therapyService.jsonBodyLimit,
  });
  await listenForTests(app);
  const identity = await startEventProducer(env, 'identity');
  const billing = await startEventProducer(env, 'billing');
  const codec = new InternalTokenCodec(TEST_INTERNAL_TOKEN_SECRET);

  const sql = <T>(query: string, params: unknown[] = []) =>
    sqlRows<T>(app.get(MikroORM).em.fork(), query, params);

  const harness: TherapyHarness = {
    env,
    app,
    identity,
    http: () => request(app.getHttpServer()),
    async insertEvaluations(rows, params = []) {
      await sql(
        `with "row" as (${rows}),
         "spanned" as (
           insert into "therapy"."session"
             ("id", "child_id", "user_id", "role", "implicit", "started_at", "last_activity_at", "ended_at")
           select gen_random_uuid(), "child_id", "user_id", 'THERAPIST', true,
                  min("created_at"), max("created_at"), max("created_at") + interval '1 minute'
             from "row" group by "child_id", "user_id"
           returning "id", "child_id", "user_id"
         )
         insert into "therapy"."item_evaluation"
           ("id", "item_id", "child_id", "result", "user_id", "created_at", "captured_at", "session_id")
         select r."id", r."item_id", r."child_id", r."result", r."user_id", r."created_at", r."created_at", s."id"
           from "row" r join "spanned" s on s."child_id" = r."child_id" and s."user_id" = r."user_id"`,
        params,
      );
    },
    async headers(user) {
      const identityOf = 'identity' in user ? user.identity : user;
      return { [INTERNAL_TOKEN_HEADER]: await codec.sign(identityOf) };
    },
    sql,
    async registerUser(overrides = {}) {
      const id = overrides.id ?? randomUUID();
      const user: TestUser = {
        id,
        email: overrides.email ?? `user.${unique()}@example.com`,
        firstName: overrides.firstName ?? 'Ana',
        lastName: overrides.lastName ?? 'Popescu',
        role: overrides.role ?? 'PARENT',
        identity: { userId: id, role: overrides.role ?? 'PARENT' },
      };
      await identity.publish(Subjects.UserRegisteredV1, {
        userId: user.id,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        role: user.role,
      });
      await eventually(
        async () => (await sql('select 1 from "therapy"."directory_user" where "id" = ?', [id])).length > 0,
      );
      return user;
    },
    unknownUser(role = 'PARENT') {
      const id = randomUUID();
      return {
        id,
        email: `nobody.${unique()}@example.com`,
        firstName: '',
        lastName: '',
        role,
        identity: { userId: id, role },
      };
    },
    async grantLicence(childId, childSubscriptionId = randomUUID()) {
      await billing.publish(Subjects.LicenseAssignedV1, { childId, childSubscriptionId });
      // Its audit entry: the assignment handled, whether or not its revocation came first.
      await eventually(
        async () =>
          (
            await sql(
              `select 1 from "therapy"."audit_entry" where "kind" = 'LICENCE_ADDED' and "entity_id" = ?`,
              [childSubscriptionId],
            )
          ).length > 0,
      );
      return childSubscriptionId;
    },
    async revokeLicence(childId, childSubscriptionId) {
      await billing.publish(Subjects.LicenseRevokedV1, { childId, childSubscriptionId });
      await eventually(
        async () =>
          (
            await sql(
              'select 1 from "therapy"."child_licence" where "child_subscription_id" = ? and "ended_at" is not null',
              [childSubscriptionId],
            )
          ).length > 0,
      );
    },
    async eraseDeletedChild(childId) {
      await sql(
        `update "therapy"."child" set "deleted_at" = now() - make_interval(days => ?) - interval '1 minute'
          where "id" = ? and "deleted_at" is not null`,
        [CHILD_RESTORE_DAYS, childId],
      );
      await app.get(Housekeeping).sweep();
    },
    therapyEvents: () => readPublishedEvents(env, 'therapy'),
    async published(subject, match) {
      return eventually(async () => {
        const events = await readPublishedEvents(env, 'therapy');
        const found = events.find(
          (event) =>
            event.envelope.type === subject && match(event.envelope.data as EventPayload<typeof subject>),
        );
        return found ? { ...found, data: found.envelope.data as EventPayload<typeof subject> } : null;
      }) as Promise<PublishedEvent & { data: EventPayload<typeof subject> }>;
    },
    async close() {
      await identity.close();
      await billing.close();
      await app.close();
      await env.teardown();
    },
  };
  return harness;
}

/** A valid child form. */
export function childForm(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { first_name: 'Matei', last_name: 'Ionescu', date_of_birth: '2019-05-14', ...overrides };
}

/** Creates a child as `owner` over HTTP; returns its id. */
/** Creates a child as `owner` and gives it a licence (its data calls are open), unless `licensed` is false. */
export async function createChild(
  harness: TherapyHarness,
  owner: TestUser,
  overrides: Record<string, unknown> = {},
  { licensed = true }: { licensed?: boolean } = {},
): Promise<string> {
  const response = await harness
    .http()
    .post('/api/child/create')
    .set(await harness.headers(owner))
    .send(childForm(overrides))
    .expect(201);
  const childId = (response.body as { child_id: string }).child_id;
  if (licensed) await harness.grantLicence(childId);
  return childId;
}

/** Adds `email` to the child's team as `caller`; returns the response body's helper. */
export async function addHelper(
  harness: TherapyHarness,
  caller: TestUser,
  childId: string,
  email: string,
  accessType: 'ADMIN' | 'THERAPIST',
): Promise<{ id: string; status: string }> {
  const response = await harness
    .http()
    .post(`/api/child/${childId}/helper/add?access_type=${accessType}`)
    .set(await harness.headers(caller))
    .send({ email, access_type: accessType })
    .expect(201);
  return (response.body as { helper: { id: string; status: string } }).helper;
}
