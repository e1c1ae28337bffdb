import type { NestExpressApplication } from '@nestjs/platform-express';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { ErrorMessages } from '@aba/contracts/api';
import { InternalTokenCodec } from '@aba/server-kit';
import { createGateway } from '../gateway.js';
import { TEST_ORIGIN, TEST_SECRET, testConfig } from '../testing/gateway-config.js';
import { closeServer, closedPort, listen, startEchoUpstream, type EchoReply, type TestUpstream } from '../testing/upstreams.js';

const codec = new InternalTokenCodec(TEST_SECRET);
const PARENT = { userId: '0c7a1d52-5a8e-4b1b-9a63-2d2f0e0f4d21', role: 'PARENT' as const };

/** A stand-in for identity's session endpoint: `good` is PARENT's live session; logout ends it. */
async function startSessionStore() {
  const live = new Set(['good']);
  const asked: string[] = [];
  const server = http.createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    if (req.url === '/internal/session/resolve') {
      const verified = await codec.verify(req.headers['x-internal-token'] as string);
      const { sessionId } = JSON.parse(body) as { sessionId: string };
      asked.push(sessionId);
      const known = verified !== null && live.has(sessionId);
      res.writeHead(known ? 200 : 401, { 'content-type': 'application/json' });
      return res.end(JSON.stringify(known ? PARENT : { error: 'no session' }));
    }
    if (req.url === '/api/logout') live.delete('good');
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ message: 'Logged out' }));
  });
  const port = await listen(server);
  return { url: `http://127.0.0.1:${port}`, asked, close: () => closeServer(server) };
}

describe('gateway sessions resolved by identity', () => {
  let store: Awaited<ReturnType<typeof startSessionStore>>;
  let therapy: TestUpstream;
  let app: NestExpressApplication;
  let url: string;
  let webRoot: string;

  beforeAll(async () => {
    store = await startSessionStore();
    therapy = await startEchoUpstream('therapy');
    webRoot = mkdtempSync(join(tmpdir(), 'gateway-sessions-'));
    app = await createGateway(
      testConfig({ IDENTITY_URL: store.url, THERAPY_URL: therapy.url, BILLING_URL: therapy.url, WEB_ROOT: webRoot }),
    );
    await app.listen(0, '127.0.0.1');
    url = await app.getUrl();
  });

  afterAll(async () => {
    await app?.close();
    await store?.close();
    await therapy?.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('forwards the user behind a live session cookie, asking identity once for a burst of calls', async () => {
    store.asked.length = 0;
    for (let i = 0; i < 5; i++) {
      const response = await request(url).get('/api/child/list').set('Cookie', 'theme=dark; aba_session=good').expect(200);
      expect(await codec.verify((response.body as EchoReply).headers['x-internal-token'] as string)).toEqual(PARENT);
    }
    expect(store.asked).toEqual(['good']);
  });

  it('treats an unknown cookie, or none, as anonymous: 401 on protected calls', async () => {
    await request(url).get('/api/child/list').set('Cookie', 'aba_session=forged').expect(401, { error: ErrorMessages.unauthenticated });
    await request(url).get('/api/child/list').expect(401);
  });

  it('forgets a session at once when it logs out', async () => {
    await request(url).get('/api/child/list').set('Cookie', 'aba_session=good').expect(200);
    await request(url).post('/api/logout').set('Origin', TEST_ORIGIN).set('Cookie', 'aba_session=good').expect(200);
    await request(url).get('/api/child/list').set('Cookie', 'aba_session=good').expect(401);
  });

  it('answers 502 rather than guessing when identity cannot be asked', async () => {
    const down = await closedPort();
    const isolated = await createGateway(
      testConfig({ IDENTITY_URL: `http://127.0.0.1:${down}`, THERAPY_URL: therapy.url, BILLING_URL: therapy.url, WEB_ROOT: webRoot }),
    );
    await isolated.listen(0, '127.0.0.1');
    try {
      const response = await request(await isolated.getUrl()).get('/api/child/list').set('Cookie', 'aba_session=good').expect(502);
      expect(response.body).toEqual({ error: ErrorMessages.serviceUnavailable });
    } finally {
      await isolated.close();
    }
  });
});
