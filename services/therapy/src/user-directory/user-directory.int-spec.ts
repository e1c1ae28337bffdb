import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Subjects } from '@aba/contracts/events';
import { createServiceApp, migrateService } from '@aba/server-kit';
import {
  createTestEnvironment,
  eventually,
  startEventProducer,
  type EventProducer,
  type TestEnvironment,
} from '@aba/server-kit/testing';
import { loadTherapyConfig } from '../config.js';
import { therapyService } from '../service.js';
import { DirectoryUser } from './directory-user.entity.js';

describe('user directory projection (identity events over NATS)', () => {
  let env: TestEnvironment;
  let identity: EventProducer;
  let therapy: INestApplication;

  const find = (id: string) => therapy.get(MikroORM).em.fork().findOne(DirectoryUser, id);

  beforeAll(async () => {
    env = await createTestEnvironment();
    const config = loadTherapyConfig(env.serviceEnv('therapy'));
    await migrateService({ schema: 'therapy', url: config.postgres.url, ...therapyService });
    therapy = await createServiceApp(therapyService.module(config), { name: 'therapy', config });
    await therapy.init();
    identity = await startEventProducer(env, 'identity');
  });

  afterAll(async () => {
    await identity.close();
    await therapy.close();
    await env.teardown();
  });

  it('adds a registered user with a normalised e-mail', async () => {
    const userId = randomUUID();
    await identity.publish(Subjects.UserRegisteredV1, {
      userId,
      email: 'Maria.Ionescu@Example.com',
      firstName: 'Maria',
      lastName: 'Ionescu',
      role: 'THERAPIST',
    });
    const added = await eventually(() => find(userId));
    expect(added).toMatchObject({ email: 'maria.ionescu@example.com', firstName: 'Maria', role: 'THERAPIST' });
  });

  it("takes a user's new names from identity.user.updated.v1 (issue 17: names shown elsewhere follow)", async () => {
    const userId = randomUUID();
    const user = { userId, email: 'dan.ene@example.com', firstName: 'Dan', lastName: 'Ene', role: 'THERAPIST' as const };
    await identity.publish(Subjects.UserRegisteredV1, user);
    await eventually(() => find(userId));
    await identity.publish(Subjects.UserUpdatedV1, { ...user, firstName: 'Daniel', lastName: 'Enescu' });
    const renamed = await eventually(async () => {
      const found = await find(userId);
      return found?.firstName === 'Daniel' ? found : null;
    });
    expect(renamed).toMatchObject({ email: 'dan.ene@example.com', firstName: 'Daniel', lastName: 'Enescu' });
  });
});
