import 'reflect-metadata';
import { asUser, startIdentity, type IdentityHarness } from './testing/identity-harness.js';

/** Whatever a client sends, identity answers a 4xx with `{ error }`, never a 5xx. */
describe('identity under bad input', () => {
  let identity: IdentityHarness;

  beforeAll(async () => {
    identity = await startIdentity();
  });

  afterAll(() => identity.close());

  const posts = [
    '/api/register',
    '/api/login',
    '/api/token/activate-user',
    '/api/reset-password',
    '/api/token/reset-password',
    '/internal/session/resolve',
  ];
  const huge = 'x'.repeat(20_000);
  const bodies: [string, string, string][] = [
    ['truncated JSON', 'application/json', '{"email": '],
    ['a JSON array', 'application/json', '[1,2,3]'],
    ['a JSON string', 'application/json', '"hello"'],
    ['JSON null', 'application/json', 'null'],
    ['a JSON number', 'application/json', '42'],
    [
      'wrong types',
      'application/json',
      JSON.stringify({ email: 5, password: ['a'], token: { a: 1 }, sessionId: 7, first_name: null, role: 3 }),
    ],
    [
      'huge strings',
      'application/json',
      JSON.stringify({
        email: huge,
        password: huge,
        token: huge,
        sessionId: huge,
        first_name: huge,
        confirmedPassword: huge,
      }),
    ],
    ['a body over the size limit', 'application/json', JSON.stringify({ email: 'x'.repeat(200_000) })],
    ['plain text', 'text/plain', 'email=a&password=b'],
    [
      'a form with wrong fields',
      'application/x-www-form-urlencoded',
      'email[a]=a@b.c&token[]=1&sessionId[]=2',
    ],
    ['nothing', 'application/json', ''],
    ['binary', 'application/octet-stream', '\u0000\u0001\u0002'],
    [
      'a prototype trap',
      'application/json',
      '{"__proto__": {"admin": true}, "constructor": {"prototype": {"x": 1}}}',
    ],
  ];

  it.each(posts.flatMap((path) => bodies.map(([name, type, body]) => [path, name, type, body] as const)))(
    'POST %s with %s → 4xx { error }',
    async (path, _name, type, body) => {
      const response = await identity
        .http()
        .post(path)
        .set(await identity.headers())
        .set('content-type', type)
        .send(body);
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(response.body).toEqual({ error: expect.any(String) });
    },
  );

  it.each([
    ['/api/token/%E0%A4%A/validate'],
    [`/api/token/${'y'.repeat(5_000)}/validate`],
    ['/api/token/%00/validate'],
    ['/api/invite/%ZZ/validate'],
    [`/api/invite/${'z'.repeat(5_000)}/validate`],
    ['/api/user/list?page=%FF'],
    ['/api/user/list?page=1&page=2'],
    ['/api/user/list?user-count=1e400'],
  ])('GET %s → 4xx { error }', async (path) => {
    const response = await identity
      .http()
      .get(path)
      .set(await identity.headers(asUser('8d0e8f7b-8a51-4f3b-a7a4-65c1e8e0b5a9', 'ADMIN')));
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(response.body).toEqual({ error: expect.any(String) });
  });

  it('answers an unknown user behind a valid gateway token as logged out', async () => {
    await identity
      .http()
      .get('/api/get-session')
      .set(await identity.headers(asUser('8d0e8f7b-8a51-4f3b-a7a4-65c1e8e0b5a9')))
      .expect(401, { error: 'You are not logged in' });
  });

  it('refuses every call without the gateway token', async () => {
    for (const path of posts) await identity.http().post(path).send({}).expect(401);
    await identity.http().get('/api/get-session').expect(401);
    await identity.http().get('/api/invite/abc/validate').expect(401);
  });
});
