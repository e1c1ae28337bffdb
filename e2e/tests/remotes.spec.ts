import { expect, test, type Page } from '@playwright/test';
import { ADMIN_STATE } from '../e2e-environment.js';
import { LoginPage, newAccount } from '../pages/account-pages.js';
import { ShellPage } from '../pages/shell-page.js';
import { registerActiveAccount } from '../support/accounts.js';
import { apiAs, giveSubscription, licensedChild } from '../support/api.js';

/** The title of the page a remote renders: h1 on its own routes, h2 under a child's name in the child frame. */
const remoteTitle = (page: Page, name: string) => page.locator('main').getByRole('heading', { name, exact: true });

test.describe('federated remotes', () => {
  let parent: ReturnType<typeof newAccount>;
  let childId: string;

  test.beforeAll(async ({ request }) => {
    parent = newAccount('Remus');
    await registerActiveAccount(request, parent);
    await giveSubscription(parent.email, 1);
    const api = await apiAs(parent.email, parent.password);
    childId = await licensedChild(api, 'Rebeca');
    await api.dispose();
  });

  async function logInParent(page: Page) {
    const login = new LoginPage(page);
    await login.open();
    await login.logIn(parent.email, parent.password);
    await expect(page.getByRole('button', { name: 'Deconectare' })).toBeVisible();
    // The login lands on the child's plan list; its remote has loaded before a test starts counting manifests.
    await expect(remoteTitle(page, 'Planuri')).toBeVisible();
  }

  function recordManifests(page: Page): string[] {
    const manifests: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('mf-manifest.json')) manifests.push(new URL(request.url()).pathname);
    });
    return manifests;
  }

  for (const route of [
    { remote: 'plans', path: () => `/child/${childId}/plan/list`, title: 'Planuri' },
    { remote: 'behaviors', path: () => `/child/${childId}/behaviors`, title: 'Urmărirea comportamentelor' },
    { remote: 'billing', path: () => '/billing', title: 'Facturare' },
  ]) {
    test(`loads the ${route.remote} remote only when its route opens`, async ({ page }) => {
      await logInParent(page);
      const manifests = recordManifests(page);
      await page.goto(route.path());
      await expect(remoteTitle(page, route.title)).toBeVisible();
      expect(manifests).toEqual([`/remotes/${route.remote}/mf-manifest.json`]);
    });
  }

  test.describe('as the administrator', () => {
    test.use({ storageState: ADMIN_STATE });

    test('loads the admin remote only when its route opens', async ({ page }) => {
      const manifests = recordManifests(page);
      await page.goto('/admin/users');
      await expect(remoteTitle(page, 'Utilizatori')).toBeVisible();
      expect(manifests).toEqual(['/remotes/admin/mf-manifest.json']);
    });
  });

  test('a remote whose server is down shows a translated error with Retry, and the shell keeps working', async ({ page }) => {
    const shell = new ShellPage(page);
    await logInParent(page);
    // The behaviours remote's server is unreachable: every request to it fails at the network level.
    await page.route('**/remotes/behaviors/**', (route) => route.abort('connectionrefused'));
    await page.goto(`/child/${childId}/behaviors`);
    await expect(shell.remoteError).toContainText('Această secțiune nu a putut fi încărcată');
    await expect(shell.retryButton).toBeVisible();

    await page.getByRole('navigation', { name: 'Meniul copilului' }).getByRole('link', { name: 'Planuri', exact: true }).click();
    await expect(remoteTitle(page, 'Planuri')).toBeVisible();

    await page.goBack();
    await expect(shell.remoteError).toBeVisible();
    await page.unroute('**/remotes/behaviors/**');
    await shell.retryButton.click();
    await expect(remoteTitle(page, 'Urmărirea comportamentelor')).toBeVisible();
  });
});
