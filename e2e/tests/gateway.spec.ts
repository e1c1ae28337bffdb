import { expect, test } from '@playwright/test';

test.describe('gateway', () => {
  test('serves the remote locations from configuration', async ({ request }) => {
    const response = await request.get('/remotes.json');
    expect(response.ok()).toBe(true);
    expect(await response.json()).toEqual({
      plans: '/remotes/plans/mf-manifest.json',
      behaviors: '/remotes/behaviors/mf-manifest.json',
      billing: '/remotes/billing/mf-manifest.json',
      admin: '/remotes/admin/mf-manifest.json',
    });
  });

  test('answers unknown API paths and cross-site writes with JSON errors', async ({ request }) => {
    const unknown = await request.get('/api/no-such-call');
    expect(unknown.status()).toBe(404);
    expect(await unknown.json()).toEqual({ error: expect.any(String) });

    const crossSite = await request.post('/api/child/create', {
      headers: { origin: 'https://evil.example' },
      data: { first_name: 'A', last_name: 'B', date_of_birth: '2020-01-01' },
    });
    expect(crossSite.status()).toBe(403);
    expect(await crossSite.json()).toEqual({ error: 'Cross-site request refused' });
  });

  test('sends security headers', async ({ request }) => {
    const response = await request.get('/');
    const headers = response.headers();
    expect(headers['content-security-policy']).toContain("default-src 'self'");
    expect(headers['x-content-type-options']).toBe('nosniff');
  });
});
