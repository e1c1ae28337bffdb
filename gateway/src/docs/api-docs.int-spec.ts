import request from 'supertest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { API_ROUTES } from '@aba/contracts/routes';
import { createGateway } from '../gateway.js';
import { TEST_ORIGIN, testConfig } from '../testing/gateway-config.js';

describe("the API's documentation at /api/docs (issue 19, ADR 0055)", () => {
  let app: NestExpressApplication;
  let webRoot: string;

  beforeAll(async () => {
    webRoot = mkdtempSync(join(tmpdir(), 'gateway-docs-'));
    app = await createGateway(testConfig({ WEB_ROOT: webRoot }));
    await app.listen(0, '127.0.0.1');
  });

  afterAll(async () => {
    await app.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('serves the OpenAPI document to anyone, every call of the routing table in it', async () => {
    const response = await request(app.getHttpServer()).get('/api/docs/openapi.json').expect(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const document = response.body as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(document.openapi).toBe('3.1.0');
    const documented = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.sort()).toEqual(API_ROUTES.map((route) => `${route.method} ${route.path}`).sort());
  });

  it('serves a page that lists the calls, with no script, and refuses other methods', async () => {
    const page = await request(app.getHttpServer()).get('/api/docs').expect(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.text).toContain('<code>POST /api/child/{id}/report/settings</code>');
    expect(page.text).toContain('href="/api/docs/openapi.json"');
    expect(page.text).not.toContain('<script');
    const refused = await request(app.getHttpServer())
      .post('/api/docs')
      .set('Origin', TEST_ORIGIN)
      .expect(404);
    expect(refused.body).toEqual({ error: 'Not found' });
  });
});
