import type { NestExpressApplication } from '@nestjs/platform-express';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { ErrorMessages } from '@aba/contracts/api';
import { Subjects } from '@aba/contracts/events';
import { connectNats, EventNaming, InternalTokenCodec } from '@aba/server-kit';
import { createGateway } from '../gateway.js';
import { IdentitySessionResolver } from './identity-session-resolver.js';
import { TEST_ORIGIN, TEST_SECRET, testConfig } from '../testing/gateway-config.js';
import {
  closeServer,
  closedPort,
  listen,
  startEchoUpstream,
  type EchoReply,
  type TestUpstream,
} from '../testing/upstreams.js';

const codec = new InternalTokenCodec(TEST_SECRET);
const NATS_URL = process.env.NATS_URL || 'nats://127.0.0.1:4222';
/** A prefix of this run's own, so no other run's revocations reach this gateway. */
const NATS_PREFIX = `gwsessions${randomUUID().slice(0, 8)}`;
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
      testConfig({
        IDENTITY_URL: store.url,
        THERAPY_URL: therapy.url,
        BILLING_URL: therapy.url,
        WEB_ROOT: webRoot,
        NATS_URL,
        NATS_PREFIX,
      }),
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
      const response = await request(url)
        .get('/api/child/list')
        .set('Cookie', 'theme=dark; aba_session=good')
        .expect(200);
      expect(await codec.verify((response.body as EchoReply).headers['x-internal-token'] as string)).toEqual(
        PARENT,
      );
    }
    expect(store.asked).toEqual(['good']);
  });

  it('treats an unknown cookie, or none, as anonymous: 401 on protected calls', async () => {
    await request(url)
      .get('/api/child/list')
      .set('Cookie', 'aba_session=forged')
      .expect(401, { error: ErrorMessages.unauthenticated });
    await request(url).get('/api/child/list').expect(401);
  });

  const askedFor = async (times: number) => {
    store.asked.length = 0;
    for (let i = 0; i < times; i++) {
      await request(url).get('/api/child/list').set('Cookie', 'aba_session=good').expect(200);
    }
    return store.asked.length;
  };

  it('forgets every session of a user when identity announces on NATS that they ended', async () => {
    app.get(IdentitySessionResolver).setCaching(true); // starts from nothing remembered
    expect(await askedFor(2)).toBe(1);
    const nats = await connectNats(NATS_URL, 'revocation-test');
    try {
      const envelope = {
        id: randomUUID(),
        type: Subjects.SessionRevokedV1,
        version: 1,
        occurredAt: new Date().toISOString(),
        producer: 'identity',
        data: { userId: PARENT.userId },
      };
      nats.publish(new EventNaming(NATS_PREFIX).subject(Subjects.SessionRevokedV1), JSON.stringify(envelope));
      await nats.flush();
    } finally {
      await nats.close();
    }
    // Delivered asynchronously: within moments the gateway asks identity again.
    const deadline = Date.now() + 5_000;
    let asked = await askedFor(1);
    while (asked === 0 && Date.now() < deadline) asked = await askedFor(1);
    expect(asked).toBe(1);
  });

  it('asks identity on every call while it cannot hear revocations', async () => {
    const sessions = app.get(IdentitySessionResolver);
    sessions.setCaching(false);
    try {
      expect(await askedFor(3)).toBe(3);
    } finally {
      sessions.setCaching(true);
    }
    expect(await askedFor(3)).toBe(1);
  });

  it('starts and serves when NATS cannot be reached, remembering no session', async () => {
    const isolated = await createGateway(
      testConfig({
        IDENTITY_URL: store.url,
        THERAPY_URL: therapy.url,
        BILLING_URL: therapy.url,
        WEB_ROOT: webRoot,
        NATS_URL: `nats://127.0.0.1:${await closedPort()}`,
      }),
    );
    await isolated.listen(0, '127.0.0.1');
    try {
      store.asked.length = 0;
      for (let i = 0; i < 3; i++) {
        await request(await isolated.getUrl())
          .get('/api/child/list')
          .set('Cookie', 'aba_session=good')
          .expect(200);
      }
      expect(store.asked).toHaveLength(3);
    } finally {
      await isolated.close();
    }
  });

  it('asks the next replica of identity when one refuses the connection', async () => {
    const isolated = await createGateway(
      testConfig({
        // A fresh pool starts at the first URL: the one where nothing listens.
        IDENTITY_URL: `http://127.0.0.1:${await closedPort()},${store.url}`,
        THERAPY_URL: therapy.url,
        BILLING_URL: therapy.url,
        WEB_ROOT: webRoot,
      }),
    );
    await isolated.listen(0, '127.0.0.1');
    try {
      store.asked.length = 0;
      const response = await request(await isolated.getUrl())
        .get('/api/child/list')
        .set('Cookie', 'aba_session=good')
        .expect(200);
      expect(await codec.verify((response.body as EchoReply).headers['x-internal-token'] as string)).toEqual(
        PARENT,
      );
      expect(store.asked).toEqual(['good']);
    } finally {
      await isolated.close();
    }
  });

  it('forgets a session at once when it logs out', async () => {
    await request(url).get('/api/child/list').set('Cookie', 'aba_session=good').expect(200);
    await request(url)
      .post('/api/logout')
      .set('Origin', TEST_ORIGIN)
      .set('Cookie', 'aba_session=good')
      .expect(200);
    await request(url).get('/api/child/list').set('Cookie', 'aba_session=good').expect(401);
  });

  it('answers 502 rather than guessing when identity cannot be asked', async () => {
    const down = await closedPort();
    const isolated = await createGateway(
      testConfig({
        IDENTITY_URL: `http://127.0.0.1:${down}`,
        THERAPY_URL: therapy.url,
        BILLING_URL: therapy.url,
        WEB_ROOT: webRoot,
      }),
    );
    await isolated.listen(0, '127.0.0.1');
    try {
      const response = await request(await isolated.getUrl())
        .get('/api/child/list')
        .set('Cookie', 'aba_session=good')
        .expect(502);
      expect(response.body).toEqual({ error: ErrorMessages.serviceUnavailable });
    } finally {
      await isolated.close();
    }
  });
});
