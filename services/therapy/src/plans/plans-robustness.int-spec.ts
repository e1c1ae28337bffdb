import 'reflect-metadata';
import { plansClient } from '../testing/plans-client.js';
import { createChild, startTherapy, type TestUser, type TherapyHarness } from '../testing/therapy-harness.js';

/** Whatever a client sends to the plans, items and evaluations calls, therapy answers 4xx `{ error }`, never 5xx. */
describe('plans calls under bad input', () => {
  let therapy: TherapyHarness;
  let owner: TestUser;
  let ids: { child: string; plan: string; subPlan: string; item: string; evaluation: string };

  beforeAll(async () => {
    therapy = await startTherapy();
    const api = plansClient(therapy);
    owner = await therapy.registerUser();
    const child = await createChild(therapy, owner);
    const plan = await api.createPlan(owner, child, 'plan', 'P');
    const subPlan = await api.createPlan(owner, child, 'sub-plan', 'S');
    await api.attach(owner, child, plan, subPlan);
    const item = await api.createItem(owner, subPlan, 'I');
    const evaluation = await api.evaluate(owner, item, 'YES');
    ids = { child, plan, subPlan, item, evaluation };
  });

  afterAll(() => therapy.close());

  const huge = 'x'.repeat(20_000);
  const bodies: [string, string, string][] = [
    ['truncated JSON', 'application/json', '{"name": '],
    ['a JSON array', 'application/json', '[1,2,3]'],
    ['a JSON string', 'application/json', '"hello"'],
    ['JSON null', 'application/json', 'null'],
    ['a JSON number', 'application/json', '42'],
    [
      'wrong types',
      'application/json',
      JSON.stringify({ name: 5, description: ['a'], id: { x: 1 }, sub_plan_id: 3, result: { yes: true } }),
    ],
    [
      'huge strings',
      'application/json',
      JSON.stringify({ name: huge, description: huge, id: huge, sub_plan_id: huge, result: huge }),
    ],
    ['a body over the size limit', 'application/json', JSON.stringify({ description: 'x'.repeat(200_000) })],
    ['plain text', 'text/plain', 'name=a'],
    ['a form with nested fields', 'application/x-www-form-urlencoded', 'name[a]=a&result[]=YES'],
    ['nothing', 'application/json', ''],
    ['binary', 'application/octet-stream', '\u0000\u0001\u0002'],
    [
      'a prototype trap',
      'application/json',
      '{"__proto__": {"result": "YES"}, "constructor": {"prototype": {"x": 1}}}',
    ],
  ];
  // Calls that read a body (the others ignore it and may succeed).
  const posts: [string, () => string][] = [
    ['plan/create', () => `/api/child/${ids.child}/plan/create`],
    ['sub-plan/create', () => `/api/child/${ids.child}/sub-plan/create`],
    ['add-sub-plan', () => `/api/child/${ids.child}/plan/${ids.plan}/add-sub-plan`],
    ['sub-plan-item/create', () => '/api/sub-plan-item/create'],
    ['item evaluation/create', () => `/api/sub-plan-item/${ids.item}/evaluation/create`],
    [
      'plan item evaluation/create',
      () => `/api/child/${ids.child}/plan/${ids.plan}/item/${ids.item}/evaluation/create`,
    ],
  ];

  it.each(
    posts.flatMap(([label, path]) =>
      bodies.map(([name, type, body]) => [label, name, path, type, body] as const),
    ),
  )('POST %s with %s → 4xx { error }', async (_label, _name, path, type, body) => {
    const response = await therapy
      .http()
      .post(path())
      .set(await therapy.headers(owner))
      .set('content-type', type)
      .send(body);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(response.body).toEqual({ error: expect.any(String) });
  });

  it.each([
    ['GET', () => `/api/child/${ids.child}/plan/list?status=%FF`],
    ['GET', () => `/api/child/${ids.child}/plan/${'p'.repeat(5000)}`],
    ['GET', () => `/api/child/${ids.child}/plan/%E0%A4%A/detailed-view`],
    [
      'GET',
      () =>
        `/api/child/${ids.child}/plan/${ids.plan}/detailed-view?items_status=ACTIVE&items_status=FINISHED`,
    ],
    ['GET', () => `/api/child/${ids.child}/sub-plan/${ids.plan}/detailed-view`],
    ['GET', () => `/api/sub-plan/list?child_id[]=${ids.child}`],
    ['GET', () => `/api/sub-plan/list?child_id=${"1'; drop table plan; --"}`],
    ['GET', () => `/api/sub-plan-item/${ids.item}/evaluations?limit=99999999999999999999`],
    ['POST', () => `/api/plan/${ids.plan}/set-status?status[]=ACTIVE`],
    ['POST', () => `/api/sub-plan/${ids.subPlan}/set-status?status=${'A'.repeat(3000)}`],
    ['POST', () => `/api/sub-plan-item/${ids.item}/set-status?status=IN_LEARNING&status=FINISHED`],
    ['POST', () => `/api/sub-plan-item/%00/delete`],
    ['POST', () => `/api/item-evaluation/${ids.evaluation}x/delete`],
    ['POST', () => `/api/plan/${ids.plan}/sub-plan/%E0%A4%A/delete`],
    ['POST', () => `/api/child/${ids.child}/sub-plan/${ids.plan}/delete`],
  ])('%s %s → 4xx { error }', async (method, path) => {
    const headers = await therapy.headers(owner);
    const response =
      method === 'GET'
        ? await therapy.http().get(path()).set(headers)
        : await therapy.http().post(path()).set(headers).send({});
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(response.body).toEqual({ error: expect.any(String) });
  });

  // Bracketed names are other parameters to the query parser (`status[]`), so they are ignored.
  it.each([
    () => `/api/child/${ids.child}/plan/list?status[]=ACTIVE`,
    () => `/api/child/${ids.child}/sub-plan/list?status[a]=x`,
    () => `/api/child/${ids.child}/evaluations?from[]=2020-01-01`,
    () => `/api/sub-plan-item/${ids.item}/evaluations?limit[]=5`,
  ])('GET %s ignores the unknown parameter (200)', async (path) => {
    const response = await therapy
      .http()
      .get(path())
      .set(await therapy.headers(owner));
    expect(response.status).toBe(200);
  });

  it('still has everything after all that', async () => {
    const response = await therapy
      .http()
      .get(`/api/child/${ids.child}/plan/${ids.plan}/detailed-view`)
      .set(await therapy.headers(owner));
    expect(response.status).toBe(200);
    expect(response.body.sub_plans[0].items[0].evaluations).toHaveLength(1);
  });
});
