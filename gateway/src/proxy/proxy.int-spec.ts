import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import http, { type IncomingMessage } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type { InternalIdentity } from '@aba/contracts/api';
import { ErrorMessages } from '@aba/contracts/api';
import { InternalTokenCodec } from '@aba/server-kit';
import { createGateway } from '../gateway.js';
import { UPSTREAM_IDLE_SOCKET_MS } from './upstream-proxy.js';
import { ANONYMOUS, SessionResolver } from '../session/session-resolver.js';
import { TEST_ORIGIN, TEST_SECRET, testConfig } from '../testing/gateway-config.js';
import {
  closeServer,
  closedPort,
  listen,
  rawRequest,
  startEchoUpstream,
  type EchoReply,
  type TestUpstream,
} from '../testing/upstreams.js';

const codec = new InternalTokenCodec(TEST_SECRET);
const TIMEOUT_MS = 400;
const ALICE: InternalIdentity = { userId: '3f1c2a9e-5b6d-4e7f-8a9b-0c1d2e3f4a5b', role: 'ADMIN' };

/**
 * Stands in for identity's sessions: `Cookie: sid=nobody` is an anonymous caller, any other request is ALICE
 * (so that the proxy's own behaviour can be tested on protected routes without logging in each time).
 */
class CookieSessionResolver extends SessionResolver {
  resolve(req: IncomingMessage): Promise<InternalIdentity> {
    return Promise.resolve(req.headers.cookie?.includes('sid=nobody') ? ANONYMOUS : ALICE);
  }
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

interface RunningGateway {
  url: string;
  /** Closes the gateway (if a test has not already) and removes its web root. */
  close(): Promise<void>;
}

/** A gateway on a free port in front of the upstreams in `env`, with an empty web root of its own. */
async function startProxyGateway(env: Record<string, string>): Promise<RunningGateway> {
  const webRoot = mkdtempSync(join(tmpdir(), 'gateway-proxy-'));
  const app = await createGateway(testConfig({ ...env, WEB_ROOT: webRoot }), {
    sessionResolver: new CookieSessionResolver(),
  });
  await app.listen(0, '127.0.0.1');
  let closed: Promise<void> | undefined;
  return {
    url: await app.getUrl(),
    async close() {
      closed ??= app.close();
      await closed;
      rmSync(webRoot, { recursive: true, force: true });
    },
  };
}

describe('gateway proxy', () => {
  let identity: TestUpstream;
  let therapy: TestUpstream;
  let billing: TestUpstream;
  let gateway: RunningGateway;
  let url: string;

  beforeAll(async () => {
    [identity, therapy, billing] = await Promise.all([
      startEchoUpstream('identity'),
      startEchoUpstream('therapy'),
      startEchoUpstream('billing'),
    ]);
    gateway = await startProxyGateway({
      IDENTITY_URL: identity.url,
      THERAPY_URL: therapy.url,
      BILLING_URL: billing.url,
      UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS),
    });
    url = gateway.url;
  });

  afterAll(async () => {
    await gateway?.close();
    await Promise.all([identity, therapy, billing].map((upstream) => upstream?.close()));
  });

  describe('requests Node refuses before any handler', () => {
    /** Sends `raw` bytes on a fresh connection and returns everything the gateway answers before closing. */
    async function rawExchange(raw: string): Promise<{ status: number; contentType: string; body: unknown }> {
      const { hostname, port } = new URL(url);
      const socket = connect(Number(port), hostname);
      await once(socket, 'connect');
      socket.write(raw);
      const chunks: Buffer[] = [];
      for await (const chunk of socket) chunks.push(chunk as Buffer);
      const [head, body] = Buffer.concat(chunks).toString('utf8').split('\r\n\r\n');
      return {
        status: Number(head.split(' ')[1]),
        contentType: /content-type: ([^\r]+)/i.exec(head)?.[1] ?? '',
        body: JSON.parse(body) as unknown,
      };
    }

    it('answers headers over 16 KB with 431 and a JSON error', async () => {
      const answer = await rawExchange(
        `GET /api/child/list?${'q'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`,
      );
      expect(answer).toEqual({
        status: 431,
        contentType: 'application/json; charset=utf-8',
        body: { error: ErrorMessages.requestTooLarge },
      });
    });

    it('answers a request line that does not parse with 400 and a JSON error', async () => {
      const answer = await rawExchange('NOT AN HTTP REQUEST\r\n\r\n');
      expect(answer).toEqual({
        status: 400,
        contentType: 'application/json; charset=utf-8',
        body: { error: ErrorMessages.requestUnreadable },
      });
    });
  });

  describe('routing and identity', () => {
    it.each([
      ['GET', '/api/get-session', 'identity'],
      ['GET', '/api/invite/abc/validate', 'identity'],
      ['GET', '/api/user/list?page=2&user-count=10', 'identity'],
      ['GET', '/api/child/list', 'therapy'],
      ['GET', '/api/child/42/plan/list?status=ACTIVE', 'therapy'],
      ['GET', '/api/user/subscription-data', 'billing'],
      ['POST', '/api/child/add-license', 'billing'],
      ['POST', '/api/child/42/plan/7/delete', 'therapy'],
    ])('%s %s reaches %s with a token it can verify', async (method, path, service) => {
      const response = await request(url)
        [method === 'GET' ? 'get' : 'post'](path)
        .set('Origin', TEST_ORIGIN)
        .expect(200);
      const echo = response.body as EchoReply;
      expect(echo.service).toBe(service);
      expect(echo.method).toBe(method);
      expect(echo.url).toBe(path);
      expect(await codec.verify(echo.headers['x-internal-token'] as string)).toEqual(ALICE);
    });

    it('forwards the identity the session resolver returns, and the cookie', async () => {
      const response = await request(url).get('/api/user/list').set('Cookie', 'sid=alice').expect(200);
      const echo = response.body as EchoReply;
      expect(await codec.verify(echo.headers['x-internal-token'] as string)).toEqual(ALICE);
      expect(echo.headers.cookie).toBe('sid=alice');
    });

    it('answers 401 to an anonymous call of a protected route without forwarding it', async () => {
      const reached: string[] = [];
      const onRequest = (path: string) => reached.push(path);
      therapy.events.on('request', onRequest);
      const response = await request(url).get('/api/child/list').set('Cookie', 'sid=nobody').expect(401);
      therapy.events.off('request', onRequest);
      expect(response.body).toEqual({ error: ErrorMessages.unauthenticated });
      expect(reached).toEqual([]);
    });

    it.each([
      ['GET', '/api/get-session'],
      ['POST', '/api/login'],
      ['GET', '/api/invite/abc/validate'],
      ['POST', '/api/token/activate-user'],
      ['POST', '/api/billing/stripe/webhook'],
    ])('lets an anonymous %s %s through as anonymous', async (method, path) => {
      const response = await request(url)
        [method === 'GET' ? 'get' : 'post'](path)
        .set('Origin', TEST_ORIGIN)
        .set('Cookie', 'sid=nobody')
        .expect(200);
      expect(await codec.verify((response.body as EchoReply).headers['x-internal-token'] as string)).toEqual(
        ANONYMOUS,
      );
    });

    it('replaces a token sent by the client', async () => {
      const forged = await new InternalTokenCodec('another-secret-of-at-least-32-characters!!').sign(ALICE);
      const response = await request(url).get('/api/child/list').set('X-Internal-Token', forged).expect(200);
      const token = (response.body as EchoReply).headers['x-internal-token'] as string;
      expect(token).not.toBe(forged);
      expect(await codec.verify(token)).toEqual(ALICE);
    });

    it('forwards method, query and body, and passes the answer back with its headers', async () => {
      const response = await request(url)
        .post('/api/child/create?draft=1')
        .set('Origin', TEST_ORIGIN)
        .set('Content-Type', 'application/json')
        .send({ first_name: 'Ana', last_name: 'Pop', date_of_birth: '2019-05-01' })
        .expect(200);
      const echo = response.body as EchoReply;
      expect(echo.url).toBe('/api/child/create?draft=1');
      expect(JSON.parse(echo.body)).toEqual({
        first_name: 'Ana',
        last_name: 'Pop',
        date_of_birth: '2019-05-01',
      });
      expect(echo.headers['content-type']).toBe('application/json');
      expect(response.headers['x-upstream']).toBe('therapy');
      expect(response.headers['set-cookie']).toEqual(['a=1', 'b=2']);
    });

    it('forwards HEAD requests', async () => {
      const response = await rawRequest(url, { method: 'HEAD', path: '/api/child/list' });
      expect(response.status).toBe(200);
      expect(response.headers['x-upstream']).toBe('therapy');
      expect(response.body.length).toBe(0);
    });

    it('sets the forwarding headers and drops hop-by-hop ones', async () => {
      const response = await rawRequest(url, {
        path: '/api/child/list',
        headers: {
          connection: 'keep-alive, x-hop',
          'x-hop': 'secret',
          'keep-alive': 'timeout=5',
          'proxy-authorization': 'Basic x',
          'x-forwarded-for': '6.6.6.6',
          'x-forwarded-host': 'evil.example',
          'x-custom': 'kept',
        },
      });
      const { headers } = response.json<EchoReply>();
      expect(headers['x-hop']).toBeUndefined();
      expect(headers['keep-alive']).toBeUndefined();
      expect(headers['proxy-authorization']).toBeUndefined();
      expect(headers['x-custom']).toBe('kept');
      expect(headers['x-forwarded-for']).toBe('127.0.0.1');
      expect(headers['x-forwarded-proto']).toBe('http');
      expect(headers['x-forwarded-host']).toBe(new URL(url).host);
      expect(headers.host).toBe(new URL(therapy.url).host);
    });
  });

  describe('request ids', () => {
    it('reuses and echoes an incoming id', async () => {
      const response = await request(url).get('/api/child/list').set('X-Request-Id', 'req-123').expect(200);
      expect(response.headers['x-request-id']).toBe('req-123');
      expect((response.body as EchoReply).headers['x-request-id']).toBe('req-123');
    });

    it('generates one when missing, the same upstream and in the answer', async () => {
      const response = await request(url).get('/api/child/list').expect(200);
      const id = response.headers['x-request-id'];
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect((response.body as EchoReply).headers['x-request-id']).toBe(id);
    });

    it('echoes it on gateway errors too', async () => {
      const response = await request(url).get('/api/nowhere').set('X-Request-Id', 'req-404').expect(404);
      expect(response.headers['x-request-id']).toBe('req-404');
    });
  });

  describe('streaming', () => {
    it('streams a 5 MB body through both ways', async () => {
      const payload = randomBytes(5 * 1024 * 1024);
      const response = await rawRequest(url, {
        method: 'POST',
        path: '/api/child/42/behavior/create',
        headers: { origin: TEST_ORIGIN, 'x-test-mode': 'stream', 'content-type': 'application/octet-stream' },
        body: payload,
      });
      expect(response.status).toBe(200);
      expect(response.body.length).toBe(payload.length);
      expect(sha256(response.body)).toBe(sha256(payload));
    });

    it('streams a chunked upload without waiting for its end', async () => {
      const { hostname, port } = new URL(url);
      const upload = http.request({
        hostname,
        port,
        method: 'POST',
        path: '/api/child/42/behavior-abc/log',
        headers: { origin: TEST_ORIGIN, 'x-test-mode': 'stream', 'transfer-encoding': 'chunked' },
        agent: false,
      });
      const arrived = once(therapy.events, 'first-chunk');
      upload.write('first part;');
      await arrived; // the upstream sees the first bytes while the client is still sending
      upload.end('second part');
      const [response] = (await once(upload, 'response')) as [IncomingMessage];
      let body = '';
      for await (const chunk of response) body += chunk;
      expect(body).toBe('first part;second part');
    });

    it('passes the first bytes of an answer on before the upstream has finished it', async () => {
      const { hostname, port } = new URL(url);
      const call = http.get({
        hostname,
        port,
        path: '/api/child/42/evaluations',
        headers: { 'x-test-mode': 'hold' },
        agent: false,
      });
      const [response] = (await once(call, 'response')) as [IncomingMessage];
      const [first] = (await once(response, 'data')) as [Buffer];
      expect(first.toString()).toBe('first\n');
      therapy.release();
      let rest = '';
      for await (const chunk of response) rest += chunk;
      expect(rest).toBe('last\n');
    });
  });

  describe('upstream failures', () => {
    it('answers 504 JSON when the upstream does not answer in time, and drops the upstream request', async () => {
      const dropped = once(billing.events, 'closed');
      const started = Date.now();
      const response = await request(url)
        .get('/api/subscription/list')
        .set('X-Test-Mode', 'hang')
        .expect(504);
      const elapsed = Date.now() - started;
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.body).toEqual({ error: ErrorMessages.serviceTimeout });
      expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 20);
      expect(elapsed).toBeLessThan(TIMEOUT_MS + 1_500);
      await dropped;
    });

    it('cuts the client connection when the upstream drops an answer half-way', async () => {
      const { hostname, port } = new URL(url);
      const call = http.get({
        hostname,
        port,
        path: '/api/child/42',
        headers: { 'x-test-mode': 'cut' },
        agent: false,
      });
      const [response] = (await once(call, 'response')) as [IncomingMessage];
      expect(response.statusCode).toBe(200);
      let received = '';
      const outcome = await new Promise<string>((resolve) => {
        response.on('data', (chunk) => (received += chunk));
        response.on('error', () => resolve('error'));
        response.on('end', () => resolve('end'));
        response.on('close', () => resolve(response.complete ? 'end' : 'cut'));
      });
      expect(outcome).not.toBe('end');
      expect(received).toBe('0123456789');
    });

    it('lets a slow upstream answer within the timeout', async () => {
      const response = await request(url)
        .get('/api/child/list')
        .set('X-Test-Mode', 'slow')
        .set('X-Test-Delay', '100')
        .expect(200);
      expect((response.body as EchoReply).service).toBe('therapy');
    });

    it('aborts the upstream request when the client goes away', async () => {
      const { hostname, port } = new URL(url);
      const arrived = once(therapy.events, 'request');
      const dropped = once(therapy.events, 'closed');
      const call = http.get({
        hostname,
        port,
        path: '/api/child/42/helpers',
        headers: { 'x-test-mode': 'hang' },
        agent: false,
      });
      call.on('error', () => undefined);
      await arrived;
      call.destroy();
      const [droppedUrl] = await dropped;
      expect(droppedUrl).toBe('/api/child/42/helpers');
    });
  });

  describe('CSRF', () => {
    it('refuses a cross-site POST without reaching the service', async () => {
      let reached = false;
      const onRequest = () => (reached = true);
      identity.events.on('request', onRequest);
      const response = await request(url)
        .post('/api/login')
        .set('Origin', 'https://evil.example')
        .send({})
        .expect(403);
      identity.events.off('request', onRequest);
      expect(response.body).toEqual({ error: ErrorMessages.crossSiteRefused });
      expect(reached).toBe(false);
    });

    it.each(['PUT', 'PATCH', 'DELETE'])('refuses a cross-site %s', async (method) => {
      const response = await rawRequest(url, {
        method,
        path: '/api/child/42',
        headers: { origin: 'https://evil.example' },
      });
      expect(response.status).toBe(403);
      expect(response.json()).toEqual({ error: ErrorMessages.crossSiteRefused });
    });

    it('refuses a POST with neither Origin nor Referer', async () => {
      const response = await rawRequest(url, { method: 'POST', path: '/api/logout' });
      expect(response.status).toBe(403);
      expect(response.json()).toEqual({ error: ErrorMessages.crossSiteRefused });
    });

    it('refuses a cross-site Referer when Origin is missing', async () => {
      const response = await rawRequest(url, {
        method: 'POST',
        path: '/api/logout',
        headers: { referer: 'https://evil.example/page' },
      });
      expect(response.status).toBe(403);
    });

    it('lets a same-origin POST through (Origin, or Referer without Origin)', async () => {
      const byOrigin = await request(url).post('/api/logout').set('Origin', TEST_ORIGIN).expect(200);
      expect((byOrigin.body as EchoReply).service).toBe('identity');
      const byReferer = await request(url)
        .post('/api/logout')
        .set('Referer', `${TEST_ORIGIN}/child/1`)
        .expect(200);
      expect((byReferer.body as EchoReply).service).toBe('identity');
    });

    it('exempts the Stripe webhook', async () => {
      const response = await request(url)
        .post('/api/billing/stripe/webhook')
        .set('Stripe-Signature', 't=1,v1=abc')
        .set('Content-Type', 'application/json')
        .send('{"id":"evt_1"}')
        .expect(200);
      const echo = response.body as EchoReply;
      expect(echo.service).toBe('billing');
      expect(echo.body).toBe('{"id":"evt_1"}');
      expect(echo.headers['stripe-signature']).toBe('t=1,v1=abc');
    });

    it('lets cross-site reads through (the service decides what they may see)', async () => {
      await request(url).get('/api/child/list').set('Origin', 'https://evil.example').expect(200);
    });
  });

  describe('errors and headers', () => {
    it.each(['/api/nowhere', '/api', '/api/child', '/api/child/..%2Fuser/list'])(
      'answers 404 JSON for %s',
      async (path) => {
        const response = await rawRequest(url, { path });
        expect(response.status).toBe(404);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        expect(response.json()).toEqual({ error: ErrorMessages.notFound });
      },
    );

    it.each(['/api/child/list', '/api/nowhere'])('puts API security headers on %s', async (path) => {
      const response = await request(url).get(path);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['x-powered-by']).toBeUndefined();
    });
  });
});

describe('gateway proxy connections, behind trusted proxies', () => {
  let therapy: TestUpstream;
  let gateway: RunningGateway;
  let url: string;

  beforeAll(async () => {
    therapy = await startEchoUpstream('therapy');
    gateway = await startProxyGateway({
      IDENTITY_URL: therapy.url,
      THERAPY_URL: therapy.url,
      BILLING_URL: therapy.url,
      UPSTREAM_TIMEOUT_MS: String(UPSTREAM_IDLE_SOCKET_MS * 3),
      TRUSTED_PROXIES: '127.0.0.1, 10.0.0.0/8',
    });
    url = gateway.url;
  });

  const forwardedFor = async (header?: string) => {
    const call = request(url).get('/api/child/list');
    const response = await (header === undefined ? call : call.set('X-Forwarded-For', header)).expect(200);
    return (response.body as EchoReply).headers['x-forwarded-for'];
  };

  it('takes the client from X-Forwarded-For when a trusted proxy sends the request, skipping trusted hops', async () => {
    expect(await forwardedFor('203.0.113.9')).toBe('203.0.113.9');
    expect(await forwardedFor('6.6.6.6, 203.0.113.9, 10.1.2.3')).toBe('203.0.113.9');
    expect(await forwardedFor('::ffff:198.51.100.4')).toBe('198.51.100.4');
  });

  it('falls back to the socket when the header names no address', async () => {
    expect(await forwardedFor()).toBe('127.0.0.1');
    expect(await forwardedFor('unknown, garbage')).toBe('127.0.0.1');
  });

  afterAll(async () => {
    await gateway?.close();
    await therapy?.close();
  });

  const newConnections = async (calls: () => Promise<unknown>) => {
    let opened = 0;
    const count = () => opened++;
    therapy.events.on('connection', count);
    await calls();
    therapy.events.off('connection', count);
    return opened;
  };
  const post = () =>
    request(url).post('/api/child/create').set('Origin', TEST_ORIGIN).send({ first_name: 'A' }).expect(200);

  it('keeps an idle client connection open past the 5 s Node default, so a POST reusing it is answered', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const send = () =>
      new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
        const call = http.request(
          `${url}/api/child/create`,
          { method: 'POST', agent, headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' } },
          (response) => {
            response.resume();
            response.on('end', () =>
              resolve({ status: response.statusCode ?? 0, reused: call.reusedSocket }),
            );
          },
        );
        call.on('error', reject);
        call.end(JSON.stringify({ first_name: 'A' }));
      });
    try {
      expect(await send()).toEqual({ status: 200, reused: false });
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      expect(await send()).toEqual({ status: 200, reused: true });
    } finally {
      agent.destroy();
    }
  });

  it('reuses a pooled connection at once, but never one idle long enough for the service to be closing it', async () => {
    await post();
    expect(await newConnections(async () => (await post(), await post()))).toBe(0);
    // Node services end idle keep-alive connections after 5 s; the gateway lets go of its own first.
    const afterIdle = await newConnections(async () => {
      await new Promise((resolve) => setTimeout(resolve, UPSTREAM_IDLE_SOCKET_MS + 300));
      await post();
    });
    expect(afterIdle).toBe(1);
  });

  it('still waits for a slow answer longer than the idle limit', async () => {
    const response = await request(url)
      .get('/api/child/list')
      .set('X-Test-Mode', 'slow')
      .set('X-Test-Delay', String(UPSTREAM_IDLE_SOCKET_MS + 500))
      .expect(200);
    expect((response.body as EchoReply).service).toBe('therapy');
  });
});

describe('gateway proxy with services down', () => {
  let gateway: RunningGateway;
  let url: string;
  let billing: TestUpstream;

  beforeAll(async () => {
    billing = await startEchoUpstream('billing');
    const down = await closedPort();
    gateway = await startProxyGateway({
      IDENTITY_URL: `http://127.0.0.1:${down}`,
      THERAPY_URL: `http://127.0.0.1:${down}`,
      BILLING_URL: billing.url,
    });
    url = gateway.url;
  });

  afterAll(async () => {
    await gateway?.close();
    await billing?.close();
  });

  it('answers 502 JSON when the upstream refuses the connection', async () => {
    const response = await request(url).get('/api/get-session').expect(502);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.body).toEqual({ error: ErrorMessages.serviceUnavailable });
  });

  it('answers 502 for a request with a body too, and stays up', async () => {
    const response = await request(url)
      .post('/api/child/create')
      .set('Origin', TEST_ORIGIN)
      .send({ first_name: 'A' })
      .expect(502);
    expect(response.body).toEqual({ error: ErrorMessages.serviceUnavailable });
    await request(url).get('/api/user/subscription-data').expect(200);
    await request(url)
      .get('/health')
      .expect(200, { status: 'ok', checks: { gateway: 'up' } });
  });

  it('finishes in-flight requests when it shuts down', async () => {
    const inFlight = request(url)
      .get('/api/subscription/list')
      .set('X-Test-Mode', 'slow')
      .set('X-Test-Delay', '200');
    const answered = inFlight.then((response) => response);
    await once(billing.events, 'request');
    const closing = gateway.close();
    const response = await answered;
    expect(response.status).toBe(200);
    expect((response.body as EchoReply).service).toBe('billing');
    await closing;
  });
});

describe('gateway proxy over several replicas of a service', () => {
  let first: TestUpstream;
  let second: TestUpstream;
  let gateway: RunningGateway;
  let url: string;

  beforeAll(async () => {
    [first, second] = await Promise.all([startEchoUpstream('therapy#1'), startEchoUpstream('therapy#2')]);
    gateway = await startProxyGateway({
      IDENTITY_URL: first.url,
      THERAPY_URL: `${first.url},${second.url}`,
      BILLING_URL: first.url,
    });
    url = gateway.url;
  });

  afterAll(async () => {
    await gateway?.close();
    await Promise.all([first, second].map((upstream) => upstream?.close()));
  });

  const servedBy = async (times: number, call: () => request.Test) => {
    const replicas: string[] = [];
    for (let i = 0; i < times; i++) replicas.push(((await call().expect(200)).body as EchoReply).service);
    return replicas;
  };
  const list = () => request(url).get('/api/child/list');
  const create = () =>
    request(url).post('/api/child/create').set('Origin', TEST_ORIGIN).send({ first_name: 'Ana' });

  it('spreads requests over the replicas in turn', async () => {
    const replicas = await servedBy(4, list);
    expect(new Set(replicas)).toEqual(new Set(['therapy#1', 'therapy#2']));
    expect(replicas[2]).toBe(replicas[0]);
    expect(replicas[3]).toBe(replicas[1]);
    expect(replicas[1]).not.toBe(replicas[0]);
  });

  it('sends every request to the other replica once one has stopped', async () => {
    await first.close();
    expect(await servedBy(4, list)).toEqual(Array(4).fill('therapy#2'));
    expect(await servedBy(4, create)).toEqual(Array(4).fill('therapy#2'));
  });

  it('answers 502 JSON as before once every replica has stopped', async () => {
    await second.close();
    const response = await list().expect(502);
    expect(response.body).toEqual({ error: ErrorMessages.serviceUnavailable });
    await create().expect(502, { error: ErrorMessages.serviceUnavailable });
  });
});

describe('gateway proxy to replicas that fail', () => {
  let dropping: http.Server;
  let healthy: TestUpstream;
  let gateway: RunningGateway;

  beforeAll(async () => {
    // Takes the connection and the request, then drops the connection without answering.
    dropping = http.createServer((req) => req.socket.destroy());
    const droppingUrl = `http://127.0.0.1:${await listen(dropping)}`;
    healthy = await startEchoUpstream('healthy');
    // A fresh pool starts at its first URL: therapy's drops every request, billing's refuses every connection.
    gateway = await startProxyGateway({
      IDENTITY_URL: healthy.url,
      THERAPY_URL: `${droppingUrl},${healthy.url}`,
      BILLING_URL: `http://127.0.0.1:${await closedPort()},${healthy.url}`,
    });
  });

  afterAll(async () => {
    await gateway?.close();
    await healthy?.close();
    if (dropping) await closeServer(dropping);
  });

  it('passes a request whose connection was refused to the next replica, its body whole', async () => {
    const response = await request(gateway.url)
      .post('/api/child/add-license')
      .set('Origin', TEST_ORIGIN)
      .send({ child_id: 'c1' })
      .expect(200);
    const echo = response.body as EchoReply;
    expect(echo.service).toBe('healthy');
    expect(echo.url).toBe('/api/child/add-license');
    expect(JSON.parse(echo.body)).toEqual({ child_id: 'c1' });
  });

  it('answers 502 without sending the request to another replica when one failed after taking it (it may have been carried out)', async () => {
    const reached: string[] = [];
    const onRequest = (path: string) => reached.push(path);
    healthy.events.on('request', onRequest);
    const response = await request(gateway.url)
      .post('/api/child/create')
      .set('Origin', TEST_ORIGIN)
      .send({ first_name: 'Ana' })
      .expect(502);
    healthy.events.off('request', onRequest);
    expect(response.body).toEqual({ error: ErrorMessages.serviceUnavailable });
    expect(reached).toEqual([]);
  });
});
