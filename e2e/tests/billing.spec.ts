import { expect, test } from '@playwright/test';
import { LoginPage, newAccount } from '../pages/account-pages.js';
import { BillingPage } from '../pages/billing-page.js';
import { registerActiveAccount } from '../support/accounts.js';
import { giveSubscription } from '../support/api.js';

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
});
