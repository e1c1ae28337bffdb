import { expect, test } from '@playwright/test';
import { WITHOUT_SERVICE_WORKER } from '../e2e-environment.js';
import { LoginPage, newAccount } from '../pages/account-pages.js';
import { MyAccountPage } from '../pages/my-account-page.js';
import { ShellPage } from '../pages/shell-page.js';
import { registerActiveAccount } from '../support/accounts.js';
import { Mailbox } from '../support/mailbox.js';
import { measureTapTargets } from '../support/tap-targets.js';

/**
 * Issue 17: the user's own account at /account, on a phone. Opened from the user menu, it shows the account's data;
 * an empty required field is refused before anything is sent; a save changes the names, the phone and the language,
 * which the interface, the user menu and a reload follow.
 */
test.describe('my account', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a parent changes their first name, phone and language from "Contul meu" on a phone', async ({
    page,
    request,
  }) => {
    const account = newAccount('Sorina');
    await registerActiveAccount(request, account);
    await new LoginPage(page).enter(account);

    const shell = new ShellPage(page);
    await page.getByRole('button', { name: 'Meniu' }).tap();
    await shell.mainNavigation.getByRole('link', { name: 'Contul meu', exact: true }).tap();
    await expect(page).toHaveURL(/\/account$/);
    const mine = new MyAccountPage(page);
    await expect(mine.heading).toHaveText('Contul meu');

    // The account's data: the e-mail and the role to read, the rest in the form.
    const main = page.locator('main');
    await expect(main.getByText(account.email, { exact: true })).toBeVisible();
    await expect(main.getByText('Părinte', { exact: true })).toBeVisible();
    await expect(mine.firstName).toHaveValue(account.firstName);
    await expect(mine.lastName).toHaveValue(account.lastName);
    await expect(mine.phone).toHaveValue(account.phone);
    await expect(mine.language('Română')).toBeChecked();
    await expect(mine.language('English')).not.toBeChecked();

    // Every target of the form can be tapped: at least 44 × 44 px, and nothing wider than the phone.
    const targets = await measureTapTargets(mine.form);
    expect(targets.count).toBeGreaterThanOrEqual(6);
    expect(
      Math.min(targets.smallest.width, targets.smallest.height),
      JSON.stringify(targets),
    ).toBeGreaterThanOrEqual(44);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // An empty first name is refused on the phone: the field is marked and focused, nothing is sent.
    let updates = 0;
    page.on('request', (sent) => {
      if (sent.url().endsWith('/api/account/update')) updates += 1;
    });
    await mine.firstName.fill('');
    await mine.saveButton.tap();
    await expect(mine.errorBanner).toHaveText('Vă rugăm să completați toate câmpurile obligatorii');
    await expect(mine.firstName).toHaveAttribute('aria-invalid', 'true');
    await expect(mine.firstName).toBeFocused();
    await expect(mine.savedMessage).toHaveCount(0);
    expect(updates).toBe(0);
    const unchanged = await page.request.get('/api/account');
    expect(unchanged.status()).toBe(200);
    expect((await unchanged.json()).account).toMatchObject({
      first_name: account.firstName,
      phone: account.phone,
      language: 'ro',
    });

    // A new first name, phone and language.
    await mine.firstName.fill('Smaranda');
    await expect(mine.firstName).not.toHaveAttribute('aria-invalid', 'true');
    await mine.phone.fill('0733444555');
    await mine.language('English').check();
    await mine.saveButton.tap();

    await expect(mine.savedMessage).toHaveText('Your account details were saved.');
    expect(updates).toBe(1);
    // The interface is in English now.
    await expect(mine.heading).toHaveText('My account');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(shell.languageButton('EN')).toHaveAttribute('aria-pressed', 'true');
    await expect(mine.errorBanner).toHaveCount(0);
    await expect(mine.firstName).toHaveValue('Smaranda');
    await expect(mine.language('English')).toBeChecked();

    // The user menu is headed by the new name.
    await page.getByRole('button', { name: 'Menu' }).tap();
    await expect(shell.mainNavigation.getByRole('heading', { name: 'Smaranda', exact: true })).toBeVisible();
    await expect(shell.mainNavigation.getByRole('link', { name: 'My account', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );

    // A reload shows what was saved.
    await page.reload();
    await expect(mine.heading).toHaveText('My account');
    await expect(mine.firstName).toHaveValue('Smaranda');
    await expect(mine.lastName).toHaveValue(account.lastName);
    await expect(mine.phone).toHaveValue('0733444555');
    await expect(mine.language('English')).toBeChecked();
    await page.getByRole('button', { name: 'Menu' }).tap();
    await expect(shell.mainNavigation.getByRole('heading', { name: 'Smaranda', exact: true })).toBeVisible();
  });

  test('a save the server refuses keeps what was typed and says why, translated; a failed read offers Retry', async ({
    page,
    request,
  }) => {
    const account = newAccount('Toma');
    await registerActiveAccount(request, account);
    await new LoginPage(page).enter(account);

    // The first read fails; Retry reads again.
    let failRead = true;
    await page.route('**/api/account', (route) =>
      failRead
        ? route.fulfill({ status: 500, json: { error: 'Internal error', id: 'e2e' } })
        : route.fallback(),
    );
    const mine = new MyAccountPage(page);
    await mine.open();
    await expect(mine.errorBanner).toContainText('Datele contului nu au putut fi încărcate.');
    failRead = false;
    await mine.errorBanner.getByRole('button', { name: 'Reîncearcă' }).tap();
    await expect(mine.firstName).toHaveValue(account.firstName);

    await page.route('**/api/account/update', (route) =>
      route.fulfill({ status: 400, json: { error: 'Choose Romanian or English' } }),
    );
    await mine.firstName.fill('Tudor');
    await mine.phone.fill('0744000999');
    await mine.saveButton.tap();
    await expect(mine.errorBanner).toHaveText('Alegeți română sau engleză');
    await expect(mine.savedMessage).toHaveCount(0);
    await expect(mine.firstName).toHaveValue('Tudor');
    await expect(mine.phone).toHaveValue('0744000999');
    await expect(mine.heading).toHaveText('Contul meu');
  });

  test('a visitor who is not logged in is sent to the login page', async ({ page }) => {
    await page.goto('/account');
    await expect(page).toHaveURL(/\/login$/);
  });

  test("the language chosen in the header while logged in is the interface's at the next login, in another browser", async ({
    browser,
    page,
    request,
  }) => {
    const account = newAccount('Vlad');
    await registerActiveAccount(request, account);
    await new LoginPage(page).enter(account);
    // The page after the login is shown once the session is read again: the header knows who is logged in.
    await expect(page.locator('main').getByRole('heading', { level: 1 })).toBeVisible();
    const saved = page.waitForResponse((answer) => answer.url().endsWith('/api/account/update'));
    await new ShellPage(page).switchLanguage('EN');
    expect((await saved).status()).toBe(200);

    // A browser in Romanian, which has never seen this account: the login page is Romanian, the app after it English.
    const other = await browser.newContext({ locale: 'ro-RO', ...WITHOUT_SERVICE_WORKER });
    try {
      const elsewhere = await other.newPage();
      await new LoginPage(elsewhere).enter(account);
      await expect(elsewhere.locator('html')).toHaveAttribute('lang', 'en');
      const theirs = new MyAccountPage(elsewhere);
      await theirs.open();
      await expect(theirs.heading).toHaveText('My account');
      await expect(theirs.language('English')).toBeChecked();
    } finally {
      await other.close();
    }
  });

  test("a password change asks for the current one, ends the account's other sessions and keeps this one", async ({
    browser,
    page,
    request,
  }) => {
    const account = newAccount('Petra');
    await registerActiveAccount(request, account);
    const other = await browser.newContext({ locale: 'ro-RO', ...WITHOUT_SERVICE_WORKER });
    try {
      const elsewhere = await other.newPage();
      await new LoginPage(elsewhere).enter(account);
      await new LoginPage(page).enter(account);
      const mine = new MyAccountPage(page);
      await mine.open();
      const current = mine.passwordField(/^Parola actuală/);
      const fresh = 'Parola-noua-2027';

      // A wrong current password: refused, said so, what was typed stays.
      await current.fill('Nu-este-parola-9');
      await mine.passwordField(/^Parola nouă/).fill(fresh);
      await mine.passwordField(/^Confirmă parola nouă/).fill(fresh);
      await mine.changePasswordButton.tap();
      await expect(mine.passwordForm.getByRole('alert')).toHaveText('Parola actuală nu este corectă');
      await expect(current).toBeFocused();
      await expect(mine.passwordField(/^Parola nouă/)).toHaveValue(fresh);

      // The right one: changed, the fields emptied, the other session ended and this one kept.
      await current.fill(account.password);
      await mine.changePasswordButton.tap();
      await expect(mine.passwordForm.getByRole('status')).toHaveText(
        'Parola a fost schimbată. Celelalte sesiuni ale contului au fost încheiate.',
      );
      await expect(current).toHaveValue('');
      await elsewhere.goto('/account');
      await expect(elsewhere).toHaveURL(/\/login$/);
      await page.reload();
      await expect(mine.heading).toHaveText('Contul meu');
      await expect(mine.firstName).toHaveValue(account.firstName);

      // The new password is the one that logs in.
      await new LoginPage(elsewhere).enter({ email: account.email, password: fresh });
    } finally {
      await other.close();
    }
  });

  test('an e-mail change is confirmed by the link sent to the new address; the current one is told', async ({
    page,
    request,
  }) => {
    const account = newAccount('Sorina');
    await registerActiveAccount(request, account);
    await new LoginPage(page).enter(account);
    const mine = new MyAccountPage(page);
    await mine.open();
    await expect(mine.emailForm).toBeVisible();
    await expect(page.getByText(`Adresa de acum: ${account.email}`)).toBeVisible();
    const address = mine.emailField(/^Adresa nouă/);

    // The same address: refused before anything is sent, on the address, with the focus.
    await address.fill(account.email.toUpperCase());
    await mine.emailField(/^Parola actuală/).fill(account.password);
    await mine.changeEmailButton.tap();
    await expect(mine.emailForm.getByRole('alert')).toHaveText('Aceasta este deja adresa de e-mail a contului');
    await expect(address).toBeFocused();

    const wanted = `nou.${account.email}`;
    await address.fill(wanted);
    await mine.changeEmailButton.tap();
    await expect(mine.emailForm.getByRole('status')).toHaveText(
      'Am trimis un link de confirmare la adresa nouă. Până îl deschideți, vă conectați cu adresa de acum.',
    );
    await expect(address).toHaveValue('');
    const mailbox = new Mailbox();
    const link = await mailbox.linkTo(wanted, '/token/confirm-email/');
    await expect.poll(() => mailbox.textsTo(account.email).some((text) => text.includes(wanted))).toBe(true);

    await page.goto(link);
    await expect(page.getByRole('status')).toHaveText(
      'Adresa de e-mail a fost schimbată. De acum vă conectați cu cea nouă.',
    );
    await page.getByRole('link', { name: 'Mergi la contul meu' }).tap();
    await expect(page.getByText(`Adresa de acum: ${wanted}`)).toBeVisible();
    // Opened again, the link is used.
    await page.goto(link);
    await expect(page.locator('main').getByRole('alert')).toHaveText('Linkul nu este valid sau a expirat');
  });
});
