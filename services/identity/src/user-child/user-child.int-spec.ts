import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { Subjects } from '@aba/contracts/events';
import { eventually, startEventProducer, type EventProducer } from '@aba/server-kit/testing';
import {
  activeAccount,
  anonymous,
  startIdentity,
  type IdentityHarness,
} from '../testing/identity-harness.js';

describe('user_child projection (therapy child events) and login child_id', () => {
  let identity: IdentityHarness;
  let therapy: EventProducer;
  let ip = 0;

  beforeAll(async () => {
    identity = await startIdentity();
    therapy = await startEventProducer(identity.env, 'therapy');
  });

  afterAll(async () => {
    await therapy.close();
    await identity.close();
  });

  const childIdAtLogin = async (account: { email: string; password: string }) => {
    const response = await identity
      .http()
      .post('/api/login')
      .set(await identity.headers(anonymous, { 'x-forwarded-for': `203.0.113.${++ip}` }))
      .send({ email: account.email, password: account.password })
      .expect(200);
    return response.body.child_id as string | null;
  };
  const rows = (userId: string) =>
    identity.sql<{ child_id: string }>(
      'select child_id from identity.user_child where user_id = ? order by since',
      [userId],
    );

  it('gives the earliest child the user owns or helps, and forgets revoked access and deleted children', async () => {
    const parent = await activeAccount(identity, { role: 'PARENT' });
    const therapist = await activeAccount(identity, { role: 'THERAPIST' });
    expect(await childIdAtLogin(parent)).toBeNull();

    const first = randomUUID();
    const second = randomUUID();
    await therapy.publish(Subjects.ChildCreatedV1, {
      childId: first,
      ownerId: parent.id,
      firstName: 'Matei',
      lastName: 'P',
    });
    await eventually(async () => (await rows(parent.id)).length === 1);
    await therapy.publish(Subjects.ChildCreatedV1, {
      childId: second,
      ownerId: parent.id,
      firstName: 'Ilinca',
      lastName: 'P',
    });
    await therapy.publish(Subjects.ChildAccessGrantedV1, {
      childId: second,
      userId: therapist.id,
      accessType: 'THERAPIST',
    });
    await eventually(
      async () => (await rows(parent.id)).length === 2 && (await rows(therapist.id)).length === 1,
    );

    expect(await childIdAtLogin(parent)).toBe(first);
    expect(await childIdAtLogin(therapist)).toBe(second);

    await therapy.publish(Subjects.ChildAccessRevokedV1, {
      childId: second,
      userId: therapist.id,
      accessType: 'THERAPIST',
    });
    await eventually(async () => (await rows(therapist.id)).length === 0);
    expect(await childIdAtLogin(therapist)).toBeNull();

    await therapy.publish(Subjects.ChildDeletedV1, {
      childId: first,
      ownerId: parent.id,
      firstName: 'Matei',
      lastName: 'P',
    });
    await eventually(async () => (await rows(parent.id)).length === 1);
    expect(await childIdAtLogin(parent)).toBe(second);
  });

  it('gives a restored child to its owner again, and its helpers through their grants', async () => {
    const parent = await activeAccount(identity, { role: 'PARENT' });
    const coordinator = await activeAccount(identity, { role: 'COORDINATOR' });
    const child = { childId: randomUUID(), ownerId: parent.id, firstName: 'Sara', lastName: 'M' };
    await therapy.publish(Subjects.ChildCreatedV1, child);
    await therapy.publish(Subjects.ChildAccessGrantedV1, {
      childId: child.childId,
      userId: coordinator.id,
      accessType: 'ADMIN',
    });
    await eventually(async () => (await rows(coordinator.id)).length === 1);
    await therapy.publish(Subjects.ChildDeletedV1, child);
    await eventually(
      async () => (await rows(parent.id)).length === 0 && (await rows(coordinator.id)).length === 0,
    );
    expect(await childIdAtLogin(parent)).toBeNull();

    await therapy.publish(Subjects.ChildRestoredV1, child);
    await therapy.publish(Subjects.ChildAccessGrantedV1, {
      childId: child.childId,
      userId: coordinator.id,
      accessType: 'ADMIN',
    });
    await eventually(
      async () => (await rows(parent.id)).length === 1 && (await rows(coordinator.id)).length === 1,
    );
    expect(await childIdAtLogin(parent)).toBe(child.childId);
    expect(await childIdAtLogin(coordinator)).toBe(child.childId);
  });

  it('keeps a child handed over with its new owner, in the order therapy announces it (ADR 0050)', async () => {
    const parent = await activeAccount(identity, { role: 'PARENT' });
    const coordinator = await activeAccount(identity, { role: 'COORDINATOR' });
    const child = { childId: randomUUID(), ownerId: parent.id, firstName: 'Toma', lastName: 'R' };
    await therapy.publish(Subjects.ChildCreatedV1, child);
    const grant = { childId: child.childId, accessType: 'ADMIN' as const };
    await therapy.publish(Subjects.ChildAccessGrantedV1, { ...grant, userId: coordinator.id });
    await eventually(async () => (await rows(coordinator.id)).length === 1);

    await therapy.publish(Subjects.ChildAccessRevokedV1, { ...grant, userId: coordinator.id });
    await eventually(async () => (await rows(coordinator.id)).length === 0);
    await therapy.publish(Subjects.ChildUpdatedV1, { ...child, ownerId: coordinator.id });
    await eventually(async () => (await rows(coordinator.id)).length === 1);
    await therapy.publish(Subjects.ChildAccessGrantedV1, { ...grant, userId: parent.id });
    expect(await childIdAtLogin(coordinator)).toBe(child.childId);
    expect(await childIdAtLogin(parent)).toBe(child.childId);
  });

  it('ignores a repeated grant', async () => {
    const coordinator = await activeAccount(identity, { role: 'COORDINATOR' });
    const child = randomUUID();
    await therapy.publish(Subjects.ChildAccessGrantedV1, {
      childId: child,
      userId: coordinator.id,
      accessType: 'ADMIN',
    });
    await therapy.publish(Subjects.ChildAccessGrantedV1, {
      childId: child,
      userId: coordinator.id,
      accessType: 'ADMIN',
    });
    const marker = randomUUID();
    await therapy.publish(Subjects.ChildCreatedV1, {
      childId: marker,
      ownerId: coordinator.id,
      firstName: 'X',
      lastName: 'Y',
    });
    await eventually(async () => (await rows(coordinator.id)).length === 2);
    expect(await childIdAtLogin(coordinator)).toBe(child);
  });
});
