import 'reflect-metadata';
import { createChild, startTherapy, type TestUser, type TherapyHarness } from '../testing/therapy-harness.js';

/** Whatever a client sends to the behaviour calls, therapy answers a 4xx with `{ error }` (or a 2xx), never a 5xx. */
describe('behaviour calls under bad input', () => {
  let therapy: TherapyHarness;
  let owner: TestUser;
  let childId: string;
  let behaviorId: string;

  beforeAll(async () => {
    therapy = await startTherapy();
    owner = await therapy.registerUser();
    childId = await createChild(therapy, owner);
    const response = await therapy
      .http()
      .post(`/api/child/${childId}/behavior/create`)
      .set(await therapy.headers(owner))
      .send({ name: 'Hitting' })
      .expect(201);
    behaviorId = response.body.behavior.id;
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
      JSON.stringify({ name: 5, behavior_id: [1], antecedent: { a: 1 }, consequence: true }),
    ],
    [
      'huge strings',
      'application/json',
      JSON.stringify({ name: huge, behavior_id: huge, antecedent: huge, consequence: huge }),
    ],
    ['a body over the size limit', 'application/json', JSON.stringify({ name: 'x'.repeat(200_000) })],
    ['plain text', 'text/plain', 'name=a'],
    ['a form with nested fields', 'application/x-www-form-urlencoded', 'name[a]=a&antecedent[]=1'],
    ['nothing', 'application/json', ''],
    ['binary', 'application/octet-stream', '\u0000\u0001\u0002'],
    [
      'a prototype trap',
      'application/json',
      '{"__proto__": {"name": "x"}, "constructor": {"prototype": {"x": 1}}}',
    ],
  ];
  const posts: [string, () => string][] = [
    ['/api/child/{id}/behavior/create', () => `/api/child/${childId}/behavior/create`],
    ['/api/child/{childId}/behavior-abc/log', () => `/api/child/${childId}/behavior-abc/log`],
    ['/api/behavior/{id}/log', () => `/api/behavior/${behaviorId}/log`],
    [
      '/api/child/{id}/behavior/{behaviorId}/delete (unknown)',
      () => `/api/child/${childId}/behavior/00000000-0000-4000-8000-000000000000/delete`,
    ],
  ];

  it.each(
    posts.flatMap(([label, path]) =>
      bodies.map(([name, type, body]) => [label, name, path, type, body] as const),
    ),
  )('POST %s with %s → never a 5xx', async (_label, _name, path, type, body) => {
    const response = await therapy
      .http()
      .post(path())
      .set(await therapy.headers(owner))
      .set('content-type', type)
      .send(body);
    expect(response.status).toBeLessThan(500);
    if (response.status >= 400) expect(response.body).toEqual({ error: expect.any(String) });
  });

  it.each([
    ['%E0%A4%A', 'a broken escape'],
    ['..%2F..%2Fetc', 'an encoded path'],
    ['x'.repeat(5000), 'a long id'],
    ['%00', 'a NUL'],
  ])('GET with the behaviour id %s (%s) → 4xx', async (id) => {
    for (const path of [`/api/behavior/${id}`, `/api/child/${childId}/behavior-abc/${id}/list`]) {
      const response = await therapy
        .http()
        .get(path)
        .set(await therapy.headers(owner));
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    }
  });
});
