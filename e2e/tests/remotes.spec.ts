import { expect, test } from '@playwright/test';
import { ShellPage } from '../pages/shell-page.js';

const admin = {
  id: '6f1c5a52-8f0e-4a53-9a53-4b8f0f6f2d11',
  email: 'admin@example.com',
  first_name: 'Ioana',
  last_name: 'Admin',
  role: 'ADMIN' as const,
};
const childId = '3b7d9a3e-5a2c-4e0b-8d7e-1f2a3b4c5d6e';

const remoteRoutes = [
  { remote: 'plans', path: `/child/${childId}/plan/list`, heading: 'Planuri' },
  { remote: 'behaviors', path: `/child/${childId}/behaviors`, heading: 'Urmărirea comportamentelor' },
  { remote: 'billing', path: '/billing', heading: 'Facturare' },
  { remote: 'admin', path: '/admin/users', heading: 'Utilizatori' },
];

test.describe('federated remotes', () => {
  for (const route of remoteRoutes) {
    test(`loads the ${route.remote} remote only when its route opens`, async ({ page }) => {
      const shell = new ShellPage(page);
      await shell.fakeSession(admin);
      const manifests: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('mf-manifest.json')) manifests.push(new URL(request.url()).pathname);
      });
      await shell.open(route.path);
      await expect(shell.heading).toHaveText(route.heading);
      expect(manifests).toEqual([`/remotes/${route.remote}/mf-manifest.json`]);
    });
  }

  test('a remote whose server is down shows a translated error with Retry, and the shell keeps working', async ({ page }) => {
    const shell = new ShellPage(page);
    await shell.fakeSession(admin);
    // The behaviours remote's server is unreachable: every request to it fails at the network level.
    await page.route('**/remotes/behaviors/**', (route) => route.abort('connectionrefused'));
    await shell.open(`/child/${childId}/behaviors`);
    await expect(shell.remoteError).toContainText('Această secțiune nu a putut fi încărcată');
    await expect(shell.retryButton).toBeVisible();

    await page.getByRole('navigation', { name: 'Meniul copilului' }).getByRole('link', { name: 'Planuri', exact: true }).click();
    await expect(shell.heading).toHaveText('Planuri');

    await page.goBack();
    await expect(shell.remoteError).toBeVisible();
    await page.unroute('**/remotes/behaviors/**');
    await shell.retryButton.click();
    await expect(shell.heading).toHaveText('Urmărirea comportamentelor');
  });

  test('the child sidebar collapses on a phone and opens from the menu button', async ({ page }) => {
    const shell = new ShellPage(page);
    await page.setViewportSize({ width: 375, height: 740 });
    await shell.fakeSession(admin);
    await shell.open(`/child/${childId}/plan/list`);
    await expect(shell.heading).toHaveText('Planuri');
    const menu = page.getByRole('button', { name: 'Meniu' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('link', { name: 'Sub-planuri' })).toBeHidden();
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('link', { name: 'Sub-planuri' })).toBeVisible();
  });
});
