import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { CONSENT_VERSION, ConsentMessages, consentResponseSchema } from '@aba/contracts/api';
import { plansClient } from '../testing/plans-client.js';
import {
  addHelper,
  createChild,
  startTherapy,
  type TestUser,
  type TherapyHarness,
} from '../testing/therapy-harness.js';

describe("the owner's consent to a child's data (issue 17, ADR 0046)", () => {
  let therapy: TherapyHarness;
  let api: ReturnType<typeof plansClient>;
  let owner: TestUser;
  let coordinator: TestUser;

  beforeAll(async () => {
    therapy = await startTherapy();
    api = plansClient(therapy);
    owner = await therapy.registerUser({ firstName: 'Ioana' });
    coordinator = await therapy.registerUser({ firstName: 'Dana', role: 'THERAPIST' });
  });

  afterAll(() => therapy.close());

  const consentOf = async (user: TestUser, childId: string) => {
    const response = await api.get(user, `/api/child/${childId}/consent`);
    expect(response.status).toBe(200);
    return consentResponseSchema.parse(response.body);
  };

  it('is recorded with the child when the form carries the current text, with who and when', async () => {
    const before = Date.now();
    const childId = await createChild(therapy, owner, { consent_version: CONSENT_VERSION });
    const { consent, current_version } = await consentOf(owner, childId);
    expect(current_version).toBe(CONSENT_VERSION);
    expect(consent).toMatchObject({ version: CONSENT_VERSION, given_by: owner.id, withdrawn_at: null });
    expect(Date.parse(consent!.given_at)).toBeGreaterThanOrEqual(before - 1_000);
    expect((await api.get(owner, `/api/child/${childId}`)).body.child.consent).toEqual(consent);

    const outdated = await api.post(owner, '/api/child/create', {
      first_name: 'Ana',
      last_name: 'Pop',
      date_of_birth: '2020-01-01',
      consent_version: '2020-01',
    });
    expect({ status: outdated.status, body: outdated.body }).toEqual({
      status: 400,
      body: { error: ConsentMessages.versionOutdated },
    });
  });

  it('is asked of a child created without it, and given by its owner alone', async () => {
    const childId = await createChild(therapy, owner);
    await addHelper(therapy, owner, childId, coordinator.email, 'ADMIN');
    expect((await consentOf(coordinator, childId)).consent).toBeNull();

    expect(
      (await api.post(coordinator, `/api/child/${childId}/consent/give`, { version: CONSENT_VERSION }))
        .status,
    ).toBe(403);
    const old = await api.post(owner, `/api/child/${childId}/consent/give`, { version: '2020-01' });
    expect(old.body).toEqual({ error: ConsentMessages.versionOutdated });
    const given = await api.post(owner, `/api/child/${childId}/consent/give`, { version: CONSENT_VERSION });
    expect(given.status).toBe(200);
    expect(given.body).toMatchObject({ message: ConsentMessages.given, consent: { given_by: owner.id } });
    expect((await consentOf(coordinator, childId)).consent).toEqual(given.body.consent);
  });

  it("withdrawn, leaves the child's data readable and refuses every capture and change, saying why", async () => {
    const childId = await createChild(therapy, owner, { consent_version: CONSENT_VERSION });
    await addHelper(therapy, owner, childId, coordinator.email, 'ADMIN');
    const subPlanId = await api.createPlan(owner, childId, 'sub-plan', 'Imitație');
    const itemId = await api.createItem(owner, subPlanId, 'Bate din palme');

    expect((await api.post(coordinator, `/api/child/${childId}/consent/withdraw`)).status).toBe(403);
    const withdrawn = await api.post(owner, `/api/child/${childId}/consent/withdraw`);
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.message).toBe(ConsentMessages.withdrawnDone);
    expect(withdrawn.body.consent.withdrawn_at).not.toBeNull();
    const again = await api.post(owner, `/api/child/${childId}/consent/withdraw`);
    expect({ status: again.status, body: again.body }).toEqual({
      status: 409,
      body: { error: ConsentMessages.notWithdrawable },
    });

    const refused = { error: ConsentMessages.withdrawn };
    const writes = [
      () =>
        api.post(coordinator, `/api/sub-plan-item/${itemId}/evaluation/create`, {
          result: 'YES',
          id: randomUUID(),
        }),
      () => api.post(coordinator, `/api/child/${childId}/behavior/create`, { name: 'Aruncă' }),
      () => api.post(owner, `/api/child/${childId}/session/start`, { id: randomUUID() }),
      () => api.post(owner, '/api/sub-plan-item/create', { description: 'Nou', sub_plan_id: subPlanId }),
    ];
    for (const write of writes) {
      const response = await write();
      expect({ status: response.status, body: response.body }).toEqual({ status: 409, body: refused });
    }
    expect((await api.get(coordinator, `/api/child/${childId}/sub-plan/list`)).status).toBe(200);
    expect(
      await therapy.sql('select 1 from "therapy"."item_evaluation" where "item_id" = ?', [itemId]),
    ).toHaveLength(0);

    // Given again, the data opens again.
    await api.post(owner, `/api/child/${childId}/consent/give`, { version: CONSENT_VERSION });
    const scored = await api.post(coordinator, `/api/sub-plan-item/${itemId}/evaluation/create`, {
      result: 'YES',
    });
    expect(scored.status).toBe(201);
  });
});
