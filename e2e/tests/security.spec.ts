import { expect, request as playwrightRequest, test } from '@playwright/test';
import { API_ROUTES, fillTemplate } from '@aba/contracts/routes';
import { baseURL, e2eEnvironment } from '../e2e-environment.js';
import { newAccount } from '../pages/account-pages.js';
import { registerActiveAccount } from '../support/accounts.js';

const LEAKS = /\bat .+\(.+:\d+:\d+\)|select |insert |relation "|syntax error|node_modules|\.ts:\d+|\.js:\d+/i;

test.describe('security through the running system', () => {
  test('the session cookie is httpOnly and SameSite=Lax (not Secure on localhost), and logout ends it at once', async ({ request }) => {
    const account = newAccount('Sabina');
    await registerActiveAccount(request, account);
    const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
    const login = await api.post('/api/login', { data: { email: account.email, password: account.password } });
    expect(login.status()).toBe(200);
    const cookie = login.headers()['set-cookie'];
    expect(cookie).toMatch(/^aba_session=[A-Za-z0-9_-]{20,};/);
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).not.toMatch(/; Secure/i);
    const session = cookie.split(';')[0];

    expect((await api.get('/api/child/list')).status()).toBe(200);
    expect((await api.post('/api/logout')).status()).toBe(200);
    const stale = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { cookie: session } });
    expect((await stale.get('/api/child/list')).status()).toBe(401);
    await Promise.all([api.dispose(), stale.dispose()]);
  });

  test('a cross-site write is refused before it reaches a service', async ({ request }) => {
    const response = await request.post('/api/login', {
      headers: { origin: 'https://evil.example' },
      data: { email: 'x@example.com', password: 'whatever-1' },
    });
    expect(response.status()).toBe(403);
    expect(await response.json()).toEqual({ error: 'Cross-site request refused' });
  });

  test('every service refuses a call that does not come through the gateway', async () => {
    for (const [service, port] of Object.entries(e2eEnvironment.servicePorts)) {
      const direct = await playwrightRequest.newContext({ baseURL: `http://127.0.0.1:${port}` });
      const path = API_ROUTES.find((route) => route.service === service && route.method === 'GET')!.path;
      const response = await direct.get(fillTemplate(path, () => '3b7d9a3e-5a2c-4e0b-8d7e-1f2a3b4c5d6e'), {
        headers: { 'x-internal-token': 'forged.token.value' },
      });
      expect(response.status(), `${service} ${path}`).toBe(401);
      await direct.dispose();
    }
  });

  test('pages and API answers carry their security headers', async ({ request }) => {
    const page = (await request.get('/')).headers();
    expect(page['content-security-policy']).toContain("script-src 'self'");
    expect(page['content-security-policy']).not.toContain("'unsafe-eval'");
    expect(page['x-content-type-options']).toBe('nosniff');
    expect(page['x-frame-options']).toBe('SAMEORIGIN');
    expect(page['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const api = (await request.get('/api/get-session')).headers();
    expect(api['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(api['x-content-type-options']).toBe('nosniff');
    expect(api['cache-control']).toBe('no-store');
    expect(api['etag']).toBeUndefined();
  });

  test('broken bodies on every POST call answer 4xx with a bare { error }, never internals', async ({ request }) => {
    const account = newAccount('Horia');
    await registerActiveAccount(request, account);
    const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
    expect((await api.post('/api/login', { data: { email: account.email, password: account.password } })).status()).toBe(200);
    for (const route of API_ROUTES.filter((r) => r.method === 'POST' && r.path !== '/api/logout')) {
      const path = fillTemplate(route.path, () => 'not-a-uuid');
      for (const body of ['{"broken": ', '[1,2,3]', JSON.stringify({ email: 5, name: { $ne: null }, result: 'MAYBE' })]) {
        const response = await api.post(path, { headers: { 'content-type': 'application/json' }, data: body });
        const text = await response.text();
        expect(response.status(), `${route.method} ${route.path} ${body} → ${text}`).toBeGreaterThanOrEqual(400);
        expect(response.status(), `${route.method} ${route.path} ${body} → ${text}`).toBeLessThan(500);
        const parsed = JSON.parse(text) as Record<string, unknown>;
        expect(Object.keys(parsed).sort(), `${route.path} → ${text}`).toEqual(['error']);
        expect(text).not.toMatch(LEAKS);
      }
    }
    await api.dispose();
  });
});
