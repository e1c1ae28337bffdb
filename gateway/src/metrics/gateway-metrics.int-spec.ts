import request from 'supertest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { createGateway } from '../gateway.js';
import { ANONYMOUS, SessionResolver } from '../session/session-resolver.js';
import { TEST_ORIGIN, testConfig } from '../testing/gateway-config.js';
import { closedPort, startEchoUpstream, type TestUpstream } from '../testing/upstreams.js';
import { GatewayMetrics, PAGES_AND_ASSETS } from './gateway-metrics.js';
import { metricSample } from '@aba/server-kit/testing';

/** Every caller is logged in, as someone: the proxy's metrics are what is tested, not the sessions. */
class SomeoneResolver extends SessionResolver {
  resolve() {
    return Promise.resolve({
      ...ANONYMOUS,
      userId: '3f1c2a9e-5b6d-4e7f-8a9b-0c1d2e3f4a5b',
      role: 'PARENT' as const,
    });
  }
}

describe("the gateway's metrics (issue 19, ADR 0054)", () => {
  let therapy: TestUpstream;
  let app: NestExpressApplication;
  let webRoot: string;
  let metricsUrl: string;

  beforeAll(async () => {
    therapy = await startEchoUpstream('therapy');
    webRoot = mkdtempSync(join(tmpdir(), 'gateway-metrics-'));
    app = await createGateway(
      testConfig({
        THERAPY_URL: therapy.url,
        BILLING_URL: `http://127.0.0.1:${await closedPort()}`,
        WEB_ROOT: webRoot,
        METRICS_PORT: '0',
      }),
      { sessionResolver: new SomeoneResolver() },
    );
    await app.listen(0, '127.0.0.1');
    metricsUrl = `http://127.0.0.1:${app.get(GatewayMetrics).port}`;
  });

  afterAll(async () => {
    await app.close();
    await therapy.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('counts each call under its route template with its status, an upstream that is down as its 502', async () => {
    const server = app.getHttpServer();
    const origin = { Origin: TEST_ORIGIN };
    for (const id of ['c-1', 'c-2']) {
      await request(server).get(`/api/child/${id}/report/settings`).set(origin).expect(200);
    }
    await request(server).post('/api/child/add-license').set(origin).send({}).expect(502);
    await request(server).get('/api/no-such-call').set(origin).expect(404);

    const scrape = await request(metricsUrl).get('/metrics').expect(200);
    expect(scrape.headers['content-type']).toMatch(/^text\/plain/);
    const text = scrape.text;
    const settings = 'route="/api/child/{id}/report/settings"';
    expect(metricSample(text, 'http_requests_total', 'service="gateway"', settings, 'status="200"')).toBe(2);
    expect(metricSample(text, 'http_request_duration_seconds_count', settings, 'method="GET"')).toBe(2);
    expect(metricSample(text, 'http_requests_total', 'route="/api/child/add-license"', 'status="502"')).toBe(
      1,
    );
    expect(metricSample(text, 'http_requests_total', 'route="unmatched"', 'status="404"')).toBe(1);
    expect(text).not.toContain('c-1');
    expect(metricSample(text, 'nodejs_eventloop_lag_seconds', 'service="gateway"')).toBeGreaterThanOrEqual(0);
  });

  it('serves them only on its own listener: the public port never shows them', async () => {
    const server = app.getHttpServer();
    const publicAnswer = await request(server).get('/metrics');
    expect(publicAnswer.text).not.toContain('http_requests_total');
    await request(metricsUrl).get('/').expect(404);
    await request(metricsUrl).post('/metrics').expect(404);
    const text = (await request(metricsUrl).get('/metrics')).text;
    expect(metricSample(text, 'http_requests_total', `route="${PAGES_AND_ASSETS}"`)).toBeGreaterThanOrEqual(
      1,
    );
  });
});
