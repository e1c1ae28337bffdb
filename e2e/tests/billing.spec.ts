import { expect, test } from '@playwright/test';
import { LoginPage, newAccount } from '../pages/account-pages.js';
import { BillingPage } from '../pages/billing-page.js';
import { registerActiveAccount } from '../support/accounts.js';
import { apiAs, giveSubscription, licensedChild } from '../support/api.js';
import { seriousAxeViolations } from '../support/axe-page.js';

const OFFLINE = 'Plata online nu este configurată. Pentru a modifica abonamentul sau pentru mai multe licențe, contactați administratorul.';

test.describe('billing page', () => {
  test('without Stripe or payment URLs (the local default), Manage and Add licenses are disabled before any click, with the reason', async ({
    page,
    request,
  }) => {
    // The e2e system is started as `npm start` starts it: no STRIPE_SECRET_KEY, no BILLING_*_URL.
    const parent = newAccount('Bianca');
    await registerActiveAccount(request, parent);
    await giveSubscription(parent.email, 2);
    const login = new LoginPage(page);
    await login.open();
    await login.logIn(parent.email, parent.password);
    await expect(page).not.toHaveURL(/\/login$/);

    const billing = new BillingPage(page);
    await billing.open();
    await expect(billing.subscriptionCard.getByTestId('active-licenses')).toHaveText('2');
    await expect(billing.paymentNote).toHaveText(OFFLINE);
    for (const link of [billing.manageLink, billing.addLicensesLink]) {
      await expect(link).toHaveAttribute('aria-disabled', 'true');
      await expect(link).not.toHaveAttribute('href');
      // Not focusable (so not a stop of the keyboard's tab order), greyed, and described by the line that says why.
      await expect(link).not.toHaveAttribute('tabindex');
      expect(
        await link.evaluate((element) => {
          (element as HTMLElement).focus();
          return document.activeElement === element;
        }),
      ).toBe(false);
      await expect(link).toHaveCSS('cursor', 'not-allowed');
      await expect(link).toHaveCSS('color', 'rgb(189, 189, 189)');
      await expect(link).toHaveAccessibleDescription(OFFLINE);
    }
    // Activating one anyway does nothing: no call, no red error.
    const calls: string[] = [];
    page.on('request', (request) => request.url().includes('/api/billing/') && calls.push(request.url()));
    await billing.manageLink.click({ force: true });
    await billing.addLicensesLink.click({ force: true });
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(calls).toEqual([]);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

    test('a licence that could not be added says so beside Add child and takes the focus; the child stays offered', async ({
      page,
      request,
    }) => {
      const parent = newAccount('Delia');
      await registerActiveAccount(request, parent);
      await giveSubscription(parent.email, 1);
      const api = await apiAs(parent.email, parent.password);
      expect((await api.post('/api/child/create', { data: { first_name: 'Bogdan', last_name: 'Pop', date_of_birth: '2020-02-03' } })).status()).toBe(201);
      await api.dispose();
      const login = new LoginPage(page);
      await login.open();
      await login.logIn(parent.email, parent.password);
      await expect(page).not.toHaveURL(/\/login$/);

      const billing = new BillingPage(page);
      await billing.open();
      await expect(billing.childSelect).toHaveValue(/.+/);
      await page.route('**/api/child/add-license', (route) => route.abort('internetdisconnected'));
      await billing.addChildButton.tap();
      const error = billing.childrenSection.getByRole('alert');
      await expect(error).toContainText('Bogdan Pop nu a primit licența');
      // Where the tap was, on screen, with the focus on it (not at the top of the page).
      await expect(error).toBeInViewport();
      await expect(page.locator(':focus')).toContainText('Bogdan Pop nu a primit licența');
      await expect(billing.childSelect.locator('option', { hasText: 'Bogdan Pop' })).toHaveCount(1);

      await page.unroute('**/api/child/add-license');
      await billing.addChildButton.tap();
      await expect(billing.childrenSection.getByRole('status')).toHaveText('Bogdan Pop are acum o licență.');
      await expect(billing.childrenTable.getByRole('row', { name: /Bogdan Pop/ })).toContainText('Activă');
      await expect(billing.addChildButton).toHaveCount(0);
      await expect(page.getByRole('alert')).toHaveCount(0);
    });
  });

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    test(`has no serious or critical accessibility violation at ${viewport.width} px`, async ({ page, request }) => {
      await page.setViewportSize(viewport);
      const parent = newAccount('Elena');
      await registerActiveAccount(request, parent);
      await giveSubscription(parent.email, 1);
      const api = await apiAs(parent.email, parent.password);
      await licensedChild(api, 'Ana');
      expect((await api.post('/api/child/create', { data: { first_name: 'Ilie', last_name: 'Pop', date_of_birth: '2021-01-01' } })).status()).toBe(201);
      await api.dispose();
      const login = new LoginPage(page);
      await login.open();
      await login.logIn(parent.email, parent.password);
      await expect(page).not.toHaveURL(/\/login$/);
      const billing = new BillingPage(page);
      await billing.open();
      await expect(billing.childrenTable).toBeVisible();
      await expect(billing.childSelect).toBeVisible();
      const violations = await seriousAxeViolations(page.locator('main'));
      console.log(`axe ${viewport.width} px: /billing ${violations.length}`);
      expect(violations).toEqual([]);
    });
  }
});
