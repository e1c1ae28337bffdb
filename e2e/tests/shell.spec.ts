import { expect, test } from '@playwright/test';
import { ShellPage } from '../pages/shell-page.js';

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

  test('sends a logged-out visitor of a protected page to the login page', async ({ page }) => {
    const shell = new ShellPage(page);
    await shell.open('/child/list');
    await expect(page).toHaveURL(/\/login$/);
    await expect(shell.heading).toHaveText('Autentificare');
  });
});
