import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { ErrorMessages } from '@aba/contracts/api';
import { plansClient } from '../testing/plans-client.js';
import { createChild, startTherapy, type TestUser, type TherapyHarness } from '../testing/therapy-harness.js';

/** Billing's licence events open and close a child's data (issue: licences and billing). */
describe('licence gate (billing events over NATS)', () => {
  let therapy: TherapyHarness;
  let owner: TestUser;

  beforeAll(async () => {
    therapy = await startTherapy();
    owner = await therapy.registerUser({ firstName: 'Ioana' });
  });

  afterAll(() => therapy.close());

  const get = async (path: string) =>
    therapy
      .http()
      .get(path)
      .set(await therapy.headers(owner));

  it('answers 402 on a child data call without a licence, yet keeps the child and the list readable', async () => {
    const childId = await createChild(therapy, owner, {}, { licensed: false });
    const helpers = await get(`/api/child/${childId}/helpers?access_type=THERAPIST`);
    expect(helpers.status).toBe(402);
    expect(helpers.body).toEqual({ error: ErrorMessages.licenceMissing });

    expect((await get(`/api/child/${childId}`)).status).toBe(200);
    const list = await get('/api/child/list');
    expect(list.body.children.map((child: { id: string }) => child.id)).toContain(childId);
  });

  it('opens the child when billing assigns a licence and closes it again when billing revokes it', async () => {
    const childId = await createChild(therapy, owner, {}, { licensed: false });
    const licence = await therapy.grantLicence(childId);
    expect((await get(`/api/child/${childId}/helpers?access_type=THERAPIST`)).status).toBe(200);

    await therapy.revokeLicence(childId, licence);
    expect((await get(`/api/child/${childId}/helpers?access_type=THERAPIST`)).status).toBe(402);
  });

  it('keeps a licence closed when its revocation is handled before its assignment (a redelivery)', async () => {
    const childId = await createChild(therapy, owner, {}, { licensed: false });
    const licence = randomUUID();
    await therapy.revokeLicence(childId, licence);
    await therapy.grantLicence(childId, licence);
    expect((await get(`/api/child/${childId}/helpers?access_type=THERAPIST`)).status).toBe(402);
    const trail = await get(`/api/child/${childId}/audit`);
    expect(trail.body.entries.map((entry: { kind: string }) => entry.kind).sort()).toEqual([
      'CHILD_CREATED',
      'LICENCE_ADDED',
      'LICENCE_REMOVED',
    ]);
  });

  it('accepts the captures a phone made before the licence ended when they arrive after it, and no later one', async () => {
    const { post, createPlan, createItem } = plansClient(therapy);
    const childId = await createChild(therapy, owner, {}, { licensed: false });
    const licence = await therapy.grantLicence(childId);
    const created = await post(owner, `/api/child/${childId}/behavior/create`, { name: 'Aruncă obiecte' });
    const behaviorId = (created.body as { behavior: { id: string } }).behavior.id;
    const subPlan = await createPlan(owner, childId, 'sub-plan', 'Imitație');
    const item = await createItem(owner, subPlan, 'Bate din palme');
    const capturedBefore = new Date(Date.now() - 60_000).toISOString();
    await therapy.revokeLicence(childId, licence);

    const captures = (captured_at?: string) => [
      () => post(owner, `/api/child/${childId}/session/start`, { id: randomUUID(), captured_at }),
      () =>
        post(owner, `/api/sub-plan-item/${item}/evaluation/create`, {
          id: randomUUID(),
          result: 'YES',
          captured_at,
        }),
      () => post(owner, `/api/behavior/${behaviorId}/log`, { id: randomUUID(), captured_at }),
      () =>
        post(owner, `/api/child/${childId}/behavior-abc/log`, {
          id: randomUUID(),
          behavior_id: behaviorId,
          antecedent: 'Cerere de a strânge jucăriile',
          consequence: 'Pauză de un minut',
          captured_at,
        }),
    ];
    const statuses = async (calls: (() => Promise<{ status: number; body: unknown }>)[]) => {
      const answers = [];
      for (const call of calls) answers.push(await call());
      return answers.map((answer) => [answer.status, answer.status < 300 ? 'recorded' : answer.body]);
    };
    expect(await statuses(captures(capturedBefore))).toEqual([
      [200, 'recorded'],
      [201, 'recorded'],
      [201, 'recorded'],
      [201, 'recorded'],
    ]);
    const refused = [402, { error: ErrorMessages.licenceMissing }];
    expect(await statuses(captures(new Date().toISOString()))).toEqual([refused, refused, refused, refused]);
    expect(await statuses(captures())).toEqual([refused, refused, refused, refused]);
    expect((await get(`/api/child/${childId}/behavior/list`)).status).toBe(402);
  });

  it('still lets the owner delete an unlicensed child', async () => {
    const childId = await createChild(therapy, owner, {}, { licensed: false });
    await therapy
      .http()
      .post(`/api/child/${childId}/delete`)
      .set(await therapy.headers(owner))
      .expect(200);
    expect((await get(`/api/child/${childId}`)).status).toBe(404);
  });

  it('refuses strangers before looking at licences', async () => {
    const childId = await createChild(therapy, owner, {}, { licensed: false });
    const stranger = await therapy.registerUser({ firstName: 'Străin' });
    const response = await therapy
      .http()
      .get(`/api/child/${childId}/helpers?access_type=ADMIN`)
      .set(await therapy.headers(stranger));
    expect(response.status).toBe(403);
  });
});
