import { expect, test } from '@playwright/test';
import { LoginPage, newAccount } from '../pages/account-pages.js';
import { ShellPage } from '../pages/shell-page.js';
import { registerActiveAccount } from '../support/accounts.js';

test.describe('shell', () => {
  test('serves the landing page in Romanian with the product title, navigation and footer', async ({ page }) => {
    const shell = new ShellPage(page);
    await shell.open('/');
    await expect(page).toHaveTitle(/ABA Tracker/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ro');
    await expect(shell.heading).toHaveText('Terapia ABA, urmărită simplu');
    await expect(shell.mainNavigation.getByRole('link', { name: 'Autentificare' })).toBeVisible();
    await expect(shell.mainNavigation.getByRole('link', { name: 'Înregistrare' })).toBeVisible();
    await page.getByRole('link', { name: 'Termeni și condiții' }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect(shell.heading).toHaveText('Termeni și condiții');
    await page.getByRole('link', { name: 'ABA Tracker' }).first().click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('switches to English and keeps the choice after a reload', async ({ page }) => {
    const shell = new ShellPage(page);
    await shell.open('/');
    await shell.switchLanguage('EN');
    await expect(shell.heading).toHaveText('ABA therapy, tracked simply');
    await page.reload();
    await expect(shell.heading).toHaveText('ABA therapy, tracked simply');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('reads Login and Logout in the English navigation, as the spec names them', async ({ page, request }) => {
    const shell = new ShellPage(page);
    const account = newAccount('Lena');
    await registerActiveAccount(request, account);
    await shell.open('/');
    await shell.switchLanguage('EN');
    await expect(shell.mainNavigation.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
    await expect(shell.mainNavigation.getByRole('link', { name: 'Register', exact: true })).toBeVisible();

    await shell.switchLanguage('RO');
    const login = new LoginPage(page);
    await login.open();
    await login.logIn(account.email, account.password);
    await expect(shell.mainNavigation.getByRole('button', { name: 'Deconectare', exact: true })).toBeVisible();
    await shell.switchLanguage('EN');
    await expect(shell.mainNavigation.getByRole('button', { name: 'Logout', exact: true })).toBeVisible();
  });

  test('a shell page whose chunk fails to load shows the translated error with Retry, and Retry opens it', async ({
    page,
  }) => {
    const shell = new ShellPage(page);
    await shell.open('/');
    await expect(shell.heading).toHaveText('Terapia ABA, urmărită simplu');
    // The login page's chunk (and any chunk it needs) cannot be fetched: the shell's own lazy chunks fail.
    const shellChunk = (url: URL) => url.pathname.startsWith('/static/js/async/');
    const blocked: string[] = [];
    await page.route(shellChunk, (route) => {
      blocked.push(new URL(route.request().url()).pathname);
      return route.abort('connectionrefused');
    });
    await shell.mainNavigation.getByRole('link', { name: 'Autentificare' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(shell.remoteError).toContainText('Această secțiune nu a putut fi încărcată');
    await expect(shell.retryButton).toBeVisible();
    expect(blocked.length).toBeGreaterThan(0);
    // Not a blank page: the frame stays usable.
    await expect(shell.mainNavigation.getByRole('link', { name: 'Înregistrare' })).toBeVisible();

    await page.unroute(shellChunk);
    await shell.retryButton.click();
    await expect(shell.heading).toHaveText('Autentificare');
    await expect(page.getByRole('textbox', { name: 'E-mail', exact: true })).toBeVisible();
    await expect(shell.remoteError).toHaveCount(0);
  });

  test('sends a logged-out visitor of a protected page to the login page', async ({ page }) => {
    const shell = new ShellPage(page);
    await shell.open('/child/list');
    await expect(page).toHaveURL(/\/login$/);
    await expect(shell.heading).toHaveText('Autentificare');
  });
});
