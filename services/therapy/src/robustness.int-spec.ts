import 'reflect-metadata';
import {
  addHelper,
  createChild,
  startTherapy,
  type TestUser,
  type TherapyHarness,
} from './testing/therapy-harness.js';

/** Whatever a client sends, therapy answers a 4xx with `{ error }`, never a 5xx. */
describe('therapy under bad input', () => {
  let therapy: TherapyHarness;
  let owner: TestUser;
  let childId: string;
  let helperId: string;

  beforeAll(async () => {
    therapy = await startTherapy();
    owner = await therapy.registerUser();
    childId = await createChild(therapy, owner);
    helperId = (await addHelper(therapy, owner, childId, 'pending@example.com', 'THERAPIST')).id;
  });

  afterAll(() => therapy.close());

  const huge = 'x'.repeat(20_000);
  const bodies: [string, string, string][] = [
    ['truncated JSON', 'application/json', '{"first_name": '],
    ['a JSON array', 'application/json', '[1,2,3]'],
    ['a JSON string', 'application/json', '"hello"'],
    ['JSON null', 'application/json', 'null'],
    ['a JSON number', 'application/json', '42'],
    [
      'wrong types',
      'application/json',
      JSON.stringify({ first_name: 5, last_name: ['a'], date_of_birth: { y: 1 }, email: 7, access_type: 3 }),
    ],
    [
      'huge strings',
      'application/json',
      JSON.stringify({
        first_name: huge,
        last_name: huge,
        date_of_birth: huge,
        email: huge,
        access_type: huge,
      }),
    ],
    ['a body over the size limit', 'application/json', JSON.stringify({ first_name: 'x'.repeat(200_000) })],
    ['plain text', 'text/plain', 'first_name=a'],
    ['a form with nested fields', 'application/x-www-form-urlencoded', 'first_name[a]=a&email[]=1'],
    ['nothing', 'application/json', ''],
    ['binary', 'application/octet-stream', '\u0000\u0001\u0002'],
    [
      'a prototype trap',
      'application/json',
      '{"__proto__": {"admin": true}, "constructor": {"prototype": {"x": 1}}}',
    ],
  ];
  const posts: [string, () => string][] = [
    ['/api/child/create', () => '/api/child/create'],
    [
      '/api/child/{id}/helper/add?access_type=ADMIN',
      () => `/api/child/${childId}/helper/add?access_type=ADMIN`,
    ],
    ['/api/child/{id}/helper/add', () => `/api/child/${childId}/helper/add`],
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
    ['GET', () => `/api/child/%E0%A4%A`],
    ['GET', () => `/api/child/%00`],
    ['GET', () => `/api/child/${'z'.repeat(5_000)}/helpers?access_type=ADMIN`],
    ['GET', () => `/api/child/${childId}/helpers?access_type=%FF`],
    ['GET', () => `/api/child/${childId}/helpers?access_type[]=ADMIN`],
    ['GET', () => `/api/child/${childId}/helpers?access_type[a]=ADMIN`],
    ['POST', () => `/api/child/${childId}/helper/%E0%A4%A/delete`],
    ['POST', () => `/api/child/${childId}/helper/${'h'.repeat(5_000)}/delete`],
    ['POST', () => `/api/child/${childId}/helper/${helperId}x/delete`],
    ['POST', () => `/api/child/${childId}/helper/add?access_type=ADMIN&access_type=THERAPIST`],
    ['GET', () => `/api/child/${childId}/no/such/path`],
    ['POST', () => '/api/child/list'],
    ['GET', () => '/api/child/create'],
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

  it('refuses every call without the gateway token, child-scoped paths with no handler included', async () => {
    for (const path of [
      '/api/child/create',
      `/api/child/${childId}/delete`,
      `/api/child/${childId}/plan/create`,
    ]) {
      const response = await therapy.http().post(path).send({});
      expect([response.status, response.body]).toEqual([401, { error: 'Missing or invalid internal token' }]);
    }
    for (const path of ['/api/child/list', `/api/child/${childId}`, `/api/child/${childId}/evaluations`]) {
      await therapy.http().get(path).expect(401);
      await therapy.http().get(path).set('x-internal-token', 'forged').expect(401);
    }
  });

  it('answers an anonymous gateway token with 401 (anonymous callers never reach therapy)', async () => {
    const anonymous = await therapy.headers({ userId: null, role: null });
    await therapy.http().get('/api/child/list').set(anonymous).expect(401);
    await therapy.http().get(`/api/child/${childId}`).set(anonymous).expect(401);
    await therapy.http().post('/api/child/create').set(anonymous).send({}).expect(401);
  });

  it('still knows the child after all that', async () => {
    const response = await therapy
      .http()
      .get(`/api/child/${childId}`)
      .set(await therapy.headers(owner));
    expect(response.status).toBe(200);
    expect(response.body.child.id).toBe(childId);
    const helpers = await therapy
      .http()
      .get(`/api/child/${childId}/helpers?access_type=THERAPIST`)
      .set(await therapy.headers(owner));
    expect(helpers.body.helpers.map((h: { email: string }) => h.email)).toEqual(['pending@example.com']);
  });
});
