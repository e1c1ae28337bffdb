import type { INestApplication } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { AccessType, InternalIdentity, UserRole } from '@aba/contracts/api';
import { Subjects, type EventEnvelope } from '@aba/contracts/events';
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
  type TestEnvironment,
  listenForTests,
} from '@aba/server-kit/testing';
import { loadBillingConfig, type BillingConfig } from '../config.js';
import { billingService } from '../service.js';

export interface TestUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  identity: InternalIdentity;
}

export interface BillingApp {
  app: INestApplication;
  config: BillingConfig;
  http(): ReturnType<typeof request>;
  close(): Promise<void>;
}

export interface BillingHarness extends BillingApp {
  env: TestEnvironment;
  /** Stands in for identity: its events through the real outbox, relay and stream. */
  identity: EventProducer;
  /** Stands in for therapy. */
  therapy: EventProducer;
  /** Another billing instance on the same database and NATS prefix, with more configuration. */
  startApp(extraEnv: Record<string, string>): Promise<BillingApp>;
  headers(identity: InternalIdentity | null): Promise<Record<string, string>>;
  sql<T = Record<string, unknown>>(query: string, params?: unknown[]): Promise<T[]>;
  /** A user billing knows (identity.user.registered.v1, waited for). */
  user(role?: UserRole): Promise<TestUser>;
  /** A child billing knows (therapy.child.created.v1, waited for). */
  child(owner: TestUser, names?: { firstName: string; lastName: string }): Promise<string>;
  /** therapy.child-access.granted.v1, waited for. */
  grant(childId: string, helper: TestUser, accessType?: AccessType): Promise<void>;
  /** An active subscription made by an admin over HTTP; returns its id. */
  subscription(owner: TestUser, quantity: number, stripeId?: string): Promise<string>;
  /** Billing's events on its stream (BILLING) of this run. */
  billingEvents(): Promise<EventEnvelope<{ childId: string; childSubscriptionId: string }>[]>;
  /** Waits until billing's stream holds an event of this type for this licence use. */
  waitForLicenceEvent(type: 'assigned' | 'revoked', childSubscriptionId: string): Promise<void>;
}

export const admin: InternalIdentity = { userId: randomUUID(), role: 'ADMIN' };

async function startApp(env: TestEnvironment, extraEnv: Record<string, string>): Promise<BillingApp> {
  const config = loadBillingConfig(env.serviceEnv('billing', extraEnv));
  const app = await createServiceApp(billingService.module(config), { name: 'billing', config });
  await listenForTests(app);
  return { app, config, http: () => request(app.getHttpServer()), close: () => app.close() };
}

let counter = 0;

/** Billing over HTTP against a database and NATS prefix of its own, with identity and therapy as event producers. */
export async function startBilling(extraEnv: Record<string, string> = {}): Promise<BillingHarness> {
  const env = await createTestEnvironment();
  const url = env.serviceEnv('billing').SERVICE_DATABASE_URL!;
  await migrateService({
    schema: 'billing',
    url,
    entities: billingService.entities,
    migrations: billingService.migrations,
  });
  const main = await startApp(env, extraEnv);
  const identity = await startEventProducer(env, 'identity');
  const therapy = await startEventProducer(env, 'therapy');
  const codec = new InternalTokenCodec(TEST_INTERNAL_TOKEN_SECRET);
  const extraApps: BillingApp[] = [];

  const sql = <T>(query: string, params: unknown[] = []) =>
    sqlRows<T>(main.app.get(MikroORM).em.fork(), query, params);

  const harness: BillingHarness = {
    ...main,
    env,
    identity,
    therapy,
    async startApp(extra) {
      const started = await startApp(env, extra);
      extraApps.push(started);
      return started;
    },
    async headers(who): Promise<Record<string, string>> {
      return who ? { [INTERNAL_TOKEN_HEADER]: await codec.sign(who) } : {};
    },
    sql,
    async user(role = 'PARENT') {
      counter += 1;
      const user = {
        id: randomUUID(),
        email: `user.${Date.now().toString(36)}.${counter}@example.com`,
        firstName: `First${counter}`,
        lastName: `Last${counter}`,
      };
      await identity.publish(Subjects.UserRegisteredV1, { userId: user.id, ...user, role });
      await eventually(
        async () => (await sql('select 1 from billing.billing_user where id = ?', [user.id])).length === 1,
      );
      return { ...user, identity: { userId: user.id, role } };
    },
    async child(owner, names) {
      counter += 1;
      const childId = randomUUID();
      await therapy.publish(Subjects.ChildCreatedV1, {
        childId,
        ownerId: owner.id,
        firstName: names?.firstName ?? `Child${counter}`,
        lastName: names?.lastName ?? owner.lastName,
      });
      await eventually(
        async () => (await sql('select 1 from billing.child where id = ?', [childId])).length === 1,
      );
      return childId;
    },
    async grant(childId, helper, accessType = 'THERAPIST') {
      await therapy.publish(Subjects.ChildAccessGrantedV1, { childId, userId: helper.id, accessType });
      await eventually(
        async () =>
          (
            await sql('select 1 from billing.child_access where child_id = ? and user_id = ?', [
              childId,
              helper.id,
            ])
          ).length === 1,
      );
    },
    async subscription(owner, quantity, stripeId) {
      const response = await main
        .http()
        .post('/api/subscription/create')
        .set(await harness.headers(admin))
        .send({ user_email: owner.email, quantity, stripe_id: stripeId ?? '' })
        .expect(201);
      return response.body.subscription.id as string;
    },
    async billingEvents() {
      return (await readPublishedEvents(env, 'billing')).map(
        (event) => event.envelope as EventEnvelope<{ childId: string; childSubscriptionId: string }>,
      );
    },
    async waitForLicenceEvent(type, childSubscriptionId) {
      const subject = type === 'assigned' ? Subjects.LicenseAssignedV1 : Subjects.LicenseRevokedV1;
      await eventually(async () =>
        (await harness.billingEvents()).some(
          (event) => event.type === subject && event.data.childSubscriptionId === childSubscriptionId,
        ),
      );
    },
    async close() {
      for (const extra of extraApps) await extra.close();
      await identity.close();
      await therapy.close();
      await main.close();
      await env.teardown();
    },
  };
  return harness;
}
