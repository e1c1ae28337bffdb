import 'reflect-metadata';
import { plansClient } from '../testing/plans-client.js';
import { createChild, startTherapy, type TestUser, type TherapyHarness } from '../testing/therapy-harness.js';

/** POST /api/sub-plan-item/create in both shapes the spec's "body item with description and sub_plan_id" reads as. */
describe('item create body shapes', () => {
  let therapy: TherapyHarness;
  let api: ReturnType<typeof plansClient>;
  let owner: TestUser;
  let child: string;
  let subPlan: string;

  beforeAll(async () => {
    therapy = await startTherapy();
    api = plansClient(therapy);
    owner = await therapy.registerUser();
    child = await createChild(therapy, owner);
    subPlan = await api.createPlan(owner, child, 'sub-plan', 'Motricitate');
  });

  afterAll(() => therapy.close());

  it('creates the item from a bare body', async () => {
    const response = await api.post(owner, '/api/sub-plan-item/create', {
      description: 'Arată cu degetul',
      sub_plan_id: subPlan,
    });
    expect(response.status).toBe(201);
    expect(response.body.item).toMatchObject({ description: 'Arată cu degetul', sub_plan_id: subPlan });
  });

  it('creates the item from a body wrapped as { item }', async () => {
    const response = await api.post(owner, '/api/sub-plan-item/create', {
      item: { description: 'Sare pe un picior', sub_plan_id: subPlan },
    });
    expect(response.status).toBe(201);
    expect(response.body.item).toMatchObject({
      description: 'Sare pe un picior',
      sub_plan_id: subPlan,
      status: 'IN_LEARNING',
    });
    const detail = await api.get(owner, `/api/child/${child}/sub-plan/${subPlan}/detailed-view`);
    expect(detail.body.items.map((item: { description: string }) => item.description)).toContain(
      'Sare pe un picior',
    );
  });

  it.each([
    ['a bare body', { description: 'Fără sub-plan' }],
    ['a wrapped body', { item: { description: 'Fără sub-plan' } }],
    ['an empty body', {}],
  ])('answers 400 naming sub_plan_id when %s has none (never 404)', async (_label, body) => {
    const response = await api.post(owner, '/api/sub-plan-item/create', body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: expect.stringContaining('sub_plan_id') });
  });

  it('answers 400 naming the description when it holds a NUL or a lone surrogate', async () => {
    for (const description of ['Arată\u0000', 'Arată \ud83d']) {
      const response = await api.post(owner, '/api/sub-plan-item/create', {
        item: { description, sub_plan_id: subPlan },
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: expect.stringMatching(/^description: /) });
    }
  });
});
