import type { NestExpressApplication } from '@nestjs/platform-express';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import request from 'supertest';
import { ErrorMessages } from '@aba/contracts/api';
import { createGateway } from '../gateway.js';
import { testConfig } from '../testing/gateway-config.js';
import { closedPort, rawRequest } from '../testing/upstreams.js';
import { FRONT_END_NOT_BUILT } from './web.controller.js';

const INDEX_HTML = '<!doctype html><html><body><div id="root"></div></body></html>';
const REMOTES = {
  plans: '/remotes/plans/mf-manifest.json',
  behaviors: 'https://cdn.example.com/behaviors/mf-manifest.json',
};

function write(root: string, path: string, content: string) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), content);
}

/** A WEB_ROOT with a fake shell and remotes' builds, and a secret beside them that must never be served. */
function fakeWebRoot(): string {
  const root = mkdtempSync(join(tmpdir(), 'gateway-web-'));
  write(root, 'secret.txt', 'top secret');
  write(root, 'shell/secret.json', '{"secret":true}');
  write(root, 'shell/dist/index.html', INDEX_HTML);
  write(root, 'shell/dist/static/js/main.1a2b3c4d.js', 'console.log("shell")');
  write(root, 'shell/dist/favicon.ico', 'icon');
  write(root, 'shell/dist/.env', 'SECRET=1');
  write(root, 'shell/dist/locales/ro/common.json', '{"hello":"Salut"}');
  write(root, 'shell/dist/locales/en/common.json', '{"hello":"Hello"}');
  write(root, 'mfe-plans/dist/mf-manifest.json', '{"name":"plans"}');
  write(root, 'mfe-plans/dist/remoteEntry.js', 'var plans;');
  write(root, 'mfe-plans/dist/static/js/routes.9f8e7d6c.js', 'export default 1');
  write(root, 'mfe-plans/dist/locales/ro/plans.json', '{"plan":"Plan"}');
  write(root, 'mfe-admin/dist/locales/en/admin.json', '{"users":"Users"}');
  return root;
}

describe('gateway static side', () => {
  let app: NestExpressApplication;
  let url: string;
  let webRoot: string;

  beforeAll(async () => {
    webRoot = fakeWebRoot();
    const down = await closedPort();
    app = await createGateway(
      testConfig({
        WEB_ROOT: webRoot,
        REMOTES: JSON.stringify(REMOTES),
        CHAT_WIDGET_PROPERTY_ID: '64f0c0ffee',
        CHAT_WIDGET_ID: '1h2abc',
        IDENTITY_URL: `http://127.0.0.1:${down}`,
        THERAPY_URL: `http://127.0.0.1:${down}`,
        BILLING_URL: `http://127.0.0.1:${down}`,
      }),
    );
    await app.listen(0, '127.0.0.1');
    url = await app.getUrl();
  });

  afterAll(async () => {
    await app?.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  describe('shell', () => {
    it('serves index.html at /, never cached without revalidation', async () => {
      const response = await request(url).get('/').set('Accept', 'text/html').expect(200);
      expect(response.text).toBe(INDEX_HTML);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers.etag).toBeDefined();
    });

    it.each(['/child/3f1c2a9e/plan/2', '/billing', '/admin/users', '/login'])(
      'falls back to index.html for %s',
      async (path) => {
        const response = await request(url)
          .get(path)
          .set('Accept', 'text/html,application/xhtml+xml,*/*;q=0.8')
          .expect(200);
        expect(response.text).toBe(INDEX_HTML);
        expect(response.headers['cache-control']).toBe('no-cache');
      },
    );

    it('does not answer HTML to a client that does not take it', async () => {
      const response = await request(url).get('/child/1').set('Accept', 'application/json').expect(404);
      expect(response.body).toEqual({ error: ErrorMessages.notFound });
    });

    it('serves hashed assets as immutable', async () => {
      const response = await request(url).get('/static/js/main.1a2b3c4d.js').expect(200);
      expect(response.text).toBe('console.log("shell")');
      expect(response.headers['content-type']).toMatch(/javascript/);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });

    it('serves other files with revalidation', async () => {
      const response = await request(url).get('/favicon.ico').expect(200);
      expect(response.headers['cache-control']).toBe('no-cache');
    });

    it('answers 404 JSON for a missing file (no SPA fallback for file names)', async () => {
      const response = await request(url)
        .get('/static/js/missing.00000000.js')
        .set('Accept', 'text/html')
        .expect(404);
      expect(response.body).toEqual({ error: ErrorMessages.notFound });
    });

    it('answers 404 JSON for other methods', async () => {
      const response = await request(url).post('/child/1').expect(404);
      expect(typeof response.body.error).toBe('string');
    });

    it('supports conditional GET', async () => {
      const first = await request(url).get('/').expect(200);
      await request(url).get('/').set('If-None-Match', first.headers.etag).expect(304);
    });
  });

  describe('remotes', () => {
    it('serves a remote’s manifest with revalidation, loadable from another origin', async () => {
      const response = await request(url).get('/remotes/plans/mf-manifest.json').expect(200);
      expect(response.body).toEqual({ name: 'plans' });
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['access-control-allow-origin']).toBe('*');
      expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    });

    it('serves remoteEntry.js with revalidation and hashed chunks as immutable', async () => {
      const entry = await request(url).get('/remotes/plans/remoteEntry.js').expect(200);
      expect(entry.headers['cache-control']).toBe('no-cache');
      const chunk = await request(url).get('/remotes/plans/static/js/routes.9f8e7d6c.js').expect(200);
      expect(chunk.text).toBe('export default 1');
      expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });

    it.each([
      '/remotes/plans/nothing.js',
      '/remotes/unknown/remoteEntry.js',
      '/remotes/plans/',
      '/remotes/Plans!/x.js',
      '/remotes',
    ])('answers 404 JSON for %s', async (path) => {
      const response = await rawRequest(url, { path, headers: { accept: 'text/html' } });
      expect(response.status).toBe(404);
      expect(response.json()).toEqual({ error: ErrorMessages.notFound });
    });

    it('lists the remotes from configuration', async () => {
      const response = await request(url).get('/remotes.json').expect(200);
      expect(response.body).toEqual(REMOTES);
      expect(response.headers['cache-control']).toBe('no-cache');
    });
  });

  describe('locales', () => {
    it('serves a namespace from the shell', async () => {
      const response = await request(url).get('/locales/ro/common.json').expect(200);
      expect(response.body).toEqual({ hello: 'Salut' });
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['cache-control']).toBe('no-cache');
    });

    it('finds a namespace in a remote’s build', async () => {
      await request(url).get('/locales/ro/plans.json').expect(200, { plan: 'Plan' });
      await request(url).get('/locales/en/admin.json').expect(200, { users: 'Users' });
    });

    it.each([
      '/locales/fr/common.json',
      '/locales/ro/absent.json',
      '/locales/ro/common',
      '/locales/ro/common.txt',
      '/locales/ro',
    ])('answers 404 JSON for %s', async (path) => {
      const response = await rawRequest(url, { path });
      expect(response.status).toBe(404);
      expect(response.json()).toEqual({ error: ErrorMessages.notFound });
    });
  });

  describe('path traversal', () => {
    it.each([
      '/locales/..%2F..%2F..%2Fsecret.txt/common.json',
      '/locales/%2e%2e/secret.json',
      '/locales/ro/..%2F..%2F..%2Fsecret.json',
      '/locales/../secret.json',
      '/remotes/plans/../../secret.txt',
      '/remotes/plans/%2e%2e/%2e%2e/secret.txt',
      '/remotes/plans/..%2f..%2fsecret.txt',
      '/remotes/plans/..%5c..%5csecret.txt',
      '/remotes/..%2f..%2fsecret.txt/x',
      '/../secret.txt',
      '/..%2fsecret.json',
      '/%2e%2e/secret.json',
      '/static/..%2f..%2f..%2fsecret.txt',
      '/.env',
      '/static/%2eenv.js',
    ])('refuses %s', async (path) => {
      const response = await rawRequest(url, { path, headers: { accept: 'text/html' } });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(response.body.toString()).not.toMatch(/top secret|"secret"|SECRET=1/);
      expect(response.json()).toHaveProperty('error');
    });

    it('treats an encoded dotfile name without extension as a page route, never as the file', async () => {
      const response = await rawRequest(url, { path: '/%2eenv', headers: { accept: 'text/html' } });
      expect(response.body.toString()).toBe(INDEX_HTML);
    });
  });

  describe('runtime configuration', () => {
    it('serves /config.json for the front end', async () => {
      const response = await request(url).get('/config.json').expect(200);
      expect(response.body).toEqual({ chatWidget: { propertyId: '64f0c0ffee', widgetId: '1h2abc' } });
      expect(response.headers['cache-control']).toBe('no-cache');
    });

    it('answers /health', async () => {
      await request(url)
        .get('/health')
        .expect(200, { status: 'ok', checks: { gateway: 'up' } });
    });
  });

  describe('security headers', () => {
    it('sends a strict CSP and the usual protections', async () => {
      const response = await request(url).get('/').expect(200);
      const csp = response.headers['content-security-policy'];
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self' https://cdn.example.com https://embed.tawk.to");
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
      expect(csp).toContain('connect-src');
      expect(csp).toContain('wss://*.tawk.to');
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toContain('unsafe-eval');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(response.headers['x-powered-by']).toBeUndefined();
      // plain http here: no HSTS, no upgrade-insecure-requests
      expect(response.headers['strict-transport-security']).toBeUndefined();
      expect(csp).not.toContain('upgrade-insecure-requests');
    });
  });
});

describe('gateway without built front ends', () => {
  let app: NestExpressApplication;
  let url: string;
  let webRoot: string;

  beforeAll(async () => {
    webRoot = mkdtempSync(join(tmpdir(), 'gateway-empty-'));
    app = await createGateway(testConfig({ WEB_ROOT: webRoot }));
    await app.listen(0, '127.0.0.1');
    url = await app.getUrl();
  });

  afterAll(async () => {
    await app?.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('starts, and answers / with 503 JSON explaining why', async () => {
    const response = await request(url).get('/').set('Accept', 'text/html').expect(503);
    expect(response.body).toEqual({ error: FRONT_END_NOT_BUILT });
  });

  it('still serves its own JSON and 404s the rest', async () => {
    await request(url).get('/health').expect(200);
    await request(url).get('/remotes.json').expect(200);
    await request(url).get('/config.json').expect(200, { chatWidget: null });
    await request(url).get('/remotes/plans/mf-manifest.json').expect(404);
    await request(url).get('/locales/ro/common.json').expect(404);
  });
});
