import { expect, test } from '@playwright/test';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { e2eEnvironment } from '../e2e-environment.js';
import { LoginPage, newAccount } from '../pages/account-pages.js';
import { registerActiveAccount } from '../support/accounts.js';
import { serveDirectory } from '../support/static-server.js';

const DEFAULT_REMOTES = {
  plans: '/remotes/plans/mf-manifest.json',
  behaviors: '/remotes/behaviors/mf-manifest.json',
  billing: '/remotes/billing/mf-manifest.json',
  admin: '/remotes/admin/mf-manifest.json',
};

test('mfe-billing redeployed on another host is picked up through /remotes.json, without rebuilding the shell', async ({
  page,
  request,
}) => {
  const secondHost = await serveDirectory(resolve(e2eEnvironment.repoRoot, 'mfe-billing/dist'));
  const manifest = `${secondHost.url}/mf-manifest.json`;
  try {
    mkdirSync(dirname(e2eEnvironment.remotesFile), { recursive: true });
    writeFileSync(e2eEnvironment.remotesFile, JSON.stringify({ ...DEFAULT_REMOTES, billing: manifest }));
    await expect.poll(async () => (await (await request.get('/remotes.json')).json()).billing, { timeout: 5_000 }).toBe(manifest);

    const parent = newAccount('Delia');
    await registerActiveAccount(request, parent);
    const login = new LoginPage(page);
    await login.open();
    await login.logIn(parent.email, parent.password);
    await expect(page).not.toHaveURL(/\/login$/);
    const fromGateway: string[] = [];
    page.on('request', (r) => r.url().includes('/remotes/billing/') && fromGateway.push(r.url()));
    await page.goto('/billing');
    await expect(page.locator('main').getByRole('heading', { name: 'Facturare', exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Abonamentul tău' })).toBeVisible();
    expect(secondHost.requests).toContain('/mf-manifest.json');
    expect(secondHost.requests.some((path) => path.endsWith('.js'))).toBe(true);
    expect(fromGateway).toEqual([]);
  } finally {
    rmSync(e2eEnvironment.remotesFile, { force: true });
    await secondHost.close();
  }
  // Back to the gateway's own copy once the file is gone.
  await expect.poll(async () => (await (await request.get('/remotes.json')).json()).billing, { timeout: 5_000 }).toBe(DEFAULT_REMOTES.billing);
});
