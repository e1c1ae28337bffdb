import { expect, test, type Browser, type Page } from '@playwright/test';
import { e2eEnvironment, WITHOUT_SERVICE_WORKER } from '../e2e-environment.js';
import { LoginPage, newAccount, RegisterPage, type NewAccount } from '../pages/account-pages.js';
import { ShellPage } from '../pages/shell-page.js';
import { registerActiveAccount } from '../support/accounts.js';
import { seedChildWorld } from '../support/child-world.js';

/**
 * Issue 13, points 13 and 14, at phone size: what a newcomer meets first (the registration form, the login after it,
 * the landing of each role, the logo) and what a screen reader hears of a route change, a page's title, the language
 * buttons and a chart.
 */
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

async function phonePage(browser: Browser): Promise<Page> {
  return (await browser.newContext({ ...PHONE, ...WITHOUT_SERVICE_WORKER })).newPage();
}

async function logInAs(page: Page, account: Pick<NewAccount, 'email' | 'password'>) {
  const login = new LoginPage(page);
  await login.open();
  await login.logIn(account.email, account.password);
  await expect(page).not.toHaveURL(/\/login$/);
}

test.describe('first use', () => {
  test('registration marks every broken field at once and focuses the first; the login after it has the e-mail and says to activate', async ({
    browser,
  }) => {
    const page = await phonePage(browser);
    const account = newAccount('Irina');
    const register = new RegisterPage(page);
    await register.open();
    await register.field('Prenume').fill(account.firstName);
    await register.field('E-mail').fill('irina@');
    await register.field('Telefon').fill(account.phone);
    await register.field('Parolă').fill('scurt1');
    await register.field('Confirmă parola').fill('scurt2');
    await register.submit();

    await expect(page.getByRole('alert').first()).toContainText(
      'Vă rugăm să completați toate câmpurile obligatorii',
    );
    for (const name of ['Nume', 'E-mail', 'Parolă', 'Confirmă parola']) {
      await expect(register.field(name), name).toHaveAttribute('aria-invalid', 'true');
    }
    await expect(register.field('Prenume')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(register.field('Telefon')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(register.field('Nume')).toBeFocused();
    // Each message is the field's description, so a screen reader reads it with the field.
    await expect(register.field('Nume')).toHaveAccessibleDescription(/Completează acest câmp/);
    await expect(register.field('Confirmă parola')).toHaveAccessibleDescription(/Parolele nu coincid/);

    // A corrected field is no longer marked; nothing typed was lost.
    await register.field('Nume').fill(account.lastName);
    await expect(register.field('Nume')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(register.field('Prenume')).toHaveValue(account.firstName);

    await register.fill(account);
    await register.submit();
    await expect(page).toHaveURL(/\/login$/);
    const login = new LoginPage(page);
    await expect(login.successBanner).toContainText('Înregistrare reușită!');
    await expect(login.successBanner).toContainText(`Ți-am trimis un e-mail de activare la ${account.email}`);
    await expect(page.getByRole('textbox', { name: 'E-mail', exact: true })).toHaveValue(account.email);
    await page.context().close();
  });

  test('a therapist with no child lands on their children, told a family will invite them; the administrator on the admin pages', async ({
    browser,
    request,
  }) => {
    const therapist = newAccount('Sorin', { role: 'THERAPIST' });
    await registerActiveAccount(request, therapist);
    const page = await phonePage(browser);
    await logInAs(page, therapist);
    await expect(page).toHaveURL(/\/child\/list$/);
    await expect(page.getByRole('main')).toContainText('după ce familia lui te invită în echipă');
    await expect(page.getByRole('button', { name: 'Adaugă tu un copil' })).toBeVisible();
    await page.context().close();

    const admin = await phonePage(browser);
    await logInAs(admin, e2eEnvironment.admin);
    await expect(admin).toHaveURL(/\/admin\/subscriptions$/);
    await admin.context().close();
  });

  test('the logo takes a logged-in user to their children and a visitor to the landing page', async ({
    browser,
    request,
  }) => {
    const parent = newAccount('Corina');
    await registerActiveAccount(request, parent);
    const page = await phonePage(browser);
    const logo = page.getByRole('link', { name: 'ABA Tracker' });
    await page.goto('/terms');
    await logo.click();
    await expect(page).toHaveURL(/\/$/);

    await logInAs(page, parent);
    await page.goto('/terms');
    await logo.click();
    await expect(page).toHaveURL(/\/child\/list$/);
    await page.context().close();
  });
});

test.describe('what a screen reader hears', () => {
  test('each page has its own translated title, a navigation is announced, and the charts speak the interface language', async ({
    browser,
    request,
  }) => {
    const world = await seedChildWorld(request, 'Lavinia');
    const page = await phonePage(browser);
    await logInAs(page, world.parent);
    const shell = new ShellPage(page);

    await page.goto('/child/list');
    await expect(page).toHaveTitle('Lista copiilor · ABA Tracker');
    await page.goto(`/child/${world.childId}/behaviors`);
    await expect(page).toHaveTitle(/^Urmărirea comportamentelor · Tudor Marinescu · ABA Tracker$/);

    // A navigation inside the app (no page load) is read out by its title.
    await page.getByRole('button', { name: 'Meniu' }).click();
    await page.getByRole('link', { name: 'Progres' }).click();
    await expect(shell.routeAnnouncer).toHaveText(/^Progres · Tudor Marinescu · ABA Tracker$/);

    // The RO/EN buttons are named by what they show.
    await expect(shell.languageButton('EN')).toBeVisible();

    // The chart's screen-reader description follows the interface language.
    const chartDescription = page.locator('[id^="highcharts-screen-reader-region-before"]');
    await expect(chartDescription).toContainText('Grafic cu bare');
    await expect(chartDescription).not.toContainText('Bar chart');
    await shell.switchLanguage('EN');
    await expect(chartDescription).toContainText('Bar chart');
    await expect(page).toHaveTitle(/^Progress · Tudor Marinescu · ABA Tracker$/);
    await page.context().close();
  });
});
