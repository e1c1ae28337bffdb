import { expect, test } from '@playwright/test';
import { ADMIN_STATE } from '../e2e-environment.js';
import { newAccount } from '../pages/account-pages.js';
import { AdminSubscriptionsPage } from '../pages/admin-subscriptions-page.js';
import { registerActiveAccount } from '../support/accounts.js';
import { apiAs, giveSubscription, licensedChild } from '../support/api.js';
import { seriousAxeViolations } from '../support/axe-page.js';

const UPDATE_STATUS = '**/api/subscription/update-status';

test.describe('admin subscription status', () => {
  test.use({ storageState: ADMIN_STATE, viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('canceling asks first, saying the licences are taken back; every change is toasted; nothing applies silently', async ({
    page,
    request,
  }) => {
    const parent = newAccount('Sabina');
    const name = `${parent.firstName} ${parent.lastName}`;
    await registerActiveAccount(request, parent);
    await giveSubscription(parent.email, 1);
    const parentApi = await apiAs(parent.email, parent.password);
    const childId = await licensedChild(parentApi, 'Luca');
    const calls: string[] = [];
    page.on('request', (call) => call.url().includes('/api/subscription/update-status') && calls.push(call.method()));

    const admin = new AdminSubscriptionsPage(page);
    await admin.open();
    const status = admin.statusSelect(name);
    await expect(status).toHaveValue('active');

    // Asked, and kept: nothing sent, the dropdown still says active.
    await status.selectOption('canceled');
    const dialog = admin.confirmDialog('Anulați abonamentul?');
    await expect(dialog).toContainText('Toate licențele lui sunt retrase imediat de la copiii care le folosesc');
    await expect(dialog).toContainText(`Abonamentul lui ${name} (licențe: 1)`);
    await expect(status).toHaveValue('active');
    await dialog.getByRole('button', { name: 'Păstrează statusul' }).tap();
    await expect(dialog).toHaveCount(0);
    await expect(status).toHaveValue('active');
    expect(calls).toEqual([]);
    expect((await parentApi.get(`/api/child/${childId}/behavior/list`)).status()).toBe(200);

    // Asked, and confirmed: applied, toasted, the child's licence taken back.
    await status.selectOption('canceled');
    await dialog.getByRole('button', { name: 'Anulează abonamentul' }).tap();
    await expect(page.getByText(`Abonamentul lui ${name} este acum „Anulat”.`).first()).toBeVisible();
    await expect(status).toHaveValue('canceled');
    expect(calls).toEqual(['POST']);
    await expect.poll(async () => (await parentApi.get(`/api/child/${childId}/behavior/list`)).status(), { timeout: 15_000 }).toBe(402);

    // Activating is not destructive: applied at once, and toasted with what it does not do.
    await status.selectOption('active');
    await expect(admin.confirmDialog('Anulați abonamentul?')).toHaveCount(0);
    await expect(page.getByText(`Abonamentul lui ${name} este din nou activ.`, { exact: false }).first()).toBeVisible();
    await expect(status).toHaveValue('active');

    // A change that fails says so under the subscription, with the focus, and the dropdown keeps the saved status.
    await page.route(UPDATE_STATUS, (route) => route.abort('internetdisconnected'));
    await status.selectOption('paused');
    await admin.confirmDialog('Suspendați abonamentul?').getByRole('button', { name: 'Suspendă abonamentul' }).tap();
    const failure = admin.table.getByRole('alert');
    await expect(failure).toContainText(`Statusul abonamentului lui ${name} NU a fost schimbat`);
    await expect(page.locator(':focus')).toContainText('NU a fost schimbat');
    await expect(failure).toBeInViewport();
    await expect(status).toHaveValue('active');
    await parentApi.dispose();
  });
});

test.describe('admin screens have no serious or critical accessibility violation', () => {
  test.use({ storageState: ADMIN_STATE });

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    test(`at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      const admin = new AdminSubscriptionsPage(page);
      await admin.open();
      await expect(page.getByRole('heading', { name: 'Creează abonament' })).toBeVisible();
      const subscriptions = await seriousAxeViolations(page.locator('main'));
      await page.goto('/admin/users');
      await expect(page.getByRole('table', { name: 'Utilizatori' })).toBeVisible();
      const users = await seriousAxeViolations(page.locator('main'));
      console.log(`axe ${viewport.width} px: /admin/subscriptions ${subscriptions.length}, /admin/users ${users.length}`);
      expect({ subscriptions, users }).toEqual({ subscriptions: [], users: [] });
    });
  }
});
