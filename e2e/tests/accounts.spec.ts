import { expect, test } from '@playwright/test';
import { ADMIN_STATE, baseURL } from '../e2e-environment.js';
import { LoginPage, newAccount, RegisterPage, UserMenu } from '../pages/account-pages.js';
import { registerActiveAccount } from '../support/accounts.js';
import { Mailbox } from '../support/mailbox.js';

test.describe('accounts', () => {
  test('register, activate from the e-mail, log in, see the user menu, log out', async ({ page }) => {
    const account = newAccount('Maria');
    const register = new RegisterPage(page);
    await register.open();
    await register.fill({ ...account, password: 'short' });
    await register.submit();
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(register.field('Prenume')).toHaveValue(account.firstName);

    await register.fill(account);
    await register.submit();
    const login = new LoginPage(page);
    await expect(page).toHaveURL(/\/login$/);
    await expect(login.successBanner).toContainText('Înregistrare reușită!');

    await login.logIn(account.email, account.password);
    await expect(login.errorBanner).toBeVisible();

    const activation = await new Mailbox().linkTo(account.email, '/token/activate-user/');
    await page.goto(activation);
    await expect(page).toHaveURL(/\/login$/);
    await expect(login.successBanner).toContainText('Contul a fost activat cu succes!');

    await login.logIn(account.email, account.password);
    await expect(page).toHaveURL(/\/child\/create$/);
    const menu = new UserMenu(page);
    await menu.expectLoggedInAs(account.firstName);
    await expect(menu.navigation.getByRole('heading', { name: 'Administrare' })).toHaveCount(0);

    await menu.logOut();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/child/list');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a wrong password is refused in a red banner and the e-mail stays typed', async ({ page, request }) => {
    const account = newAccount('Ioan');
    await registerActiveAccount(request, account);
    const login = new LoginPage(page);
    await login.open();
    await login.logIn(account.email, 'Not-the-password-1');
    await expect(login.errorBanner).toContainText('E-mail sau parolă greșită');
    await expect(page.getByRole('textbox', { name: 'E-mail', exact: true })).toHaveValue(account.email);
  });

  test('reset a forgotten password end to end', async ({ page, request }) => {
    const account = newAccount('Elena');
    await registerActiveAccount(request, account);
    const login = new LoginPage(page);
    await login.open();
    await page.getByRole('link', { name: 'Ai uitat parola?' }).click();
    // The login form's own E-mail field is there until the reset page has replaced it.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Resetarea parolei');
    await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(account.email);
    await page.getByRole('button', { name: 'Trimite linkul' }).click();
    await expect(page.getByRole('status')).toContainText('Dacă există un cont pentru această adresă');

    const resetLink = await new Mailbox().linkTo(account.email, '/token/reset-password/');
    await page.goto(resetLink);
    const newPassword = 'Parola-noua-2027';
    await page.getByRole('textbox', { name: 'Parola nouă', exact: true }).fill(newPassword);
    await page.getByRole('textbox', { name: 'Confirmă parola nouă', exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Salvează parola' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(login.successBanner).toContainText('Parola a fost schimbată');

    await login.logIn(account.email, account.password);
    await expect(login.errorBanner).toContainText('E-mail sau parolă greșită');
    await login.logIn(account.email, newPassword);
    await expect(page).toHaveURL(/\/child\/create$/);

    // The link was single use.
    await new UserMenu(page).logOut();
    await page.goto(resetLink);
    await expect(page).toHaveURL(/\/login$/);
    await expect(login.errorBanner).toContainText('Linkul nu este valid sau a expirat');
  });

  test('an invalid invite shows its message instead of the form', async ({ page }) => {
    await new RegisterPage(page).open('not-a-real-invite');
    await expect(page.getByRole('alert')).toContainText('Invitație invalidă');
    await expect(page.getByRole('button', { name: 'Creează contul' })).toHaveCount(0);
  });

  test('a parent never sees the Admin menu and is kept out of /admin', async ({ page, request }) => {
    const account = newAccount('Radu');
    await registerActiveAccount(request, account);
    const login = new LoginPage(page);
    await login.open();
    await login.logIn(account.email, account.password);
    await new UserMenu(page).expectLoggedInAs(account.firstName);
    await expect(page.getByRole('heading', { name: 'Administrare' })).toHaveCount(0);
    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Acces interzis');
    await expect(page.getByRole('columnheader', { name: 'E-mail' })).toHaveCount(0);
    const direct = await request.get('/api/user/list');
    expect(direct.status()).toBe(401);
  });
});

test.describe('administration', () => {
  test.use({ storageState: ADMIN_STATE });

  test('pages through the users, ten at a time by default', async ({ page, request }) => {
    // Enough accounts for a second page.
    for (let i = 0; i < 11; i++) {
      const account = newAccount(`Pager${i}`);
      const response = await request.post('/api/register', {
        headers: { origin: baseURL },
        data: {
          first_name: account.firstName,
          last_name: account.lastName,
          email: account.email,
          phone: account.phone,
          password: account.password,
          confirmedPassword: account.password,
        },
      });
      expect(response.status()).toBe(201);
    }
    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Utilizatori');
    for (const header of ['Id', 'Prenume', 'Nume', 'E-mail', 'Număr de telefon', 'Rol', 'Data înregistrării', 'STATUS']) {
      await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    }
    const rows = page.getByRole('row');
    await expect(rows).toHaveCount(11); // header + 10
    const previous = page.getByRole('button', { name: 'Anterioara' });
    const next = page.getByRole('button', { name: 'Următoarea' });
    await expect(previous).toBeDisabled();
    await expect(page.getByRole('button', { name: /Pagina 1 din \d+/ })).toBeVisible();
    await next.click();
    await expect(page.getByRole('button', { name: /Pagina 2 din \d+/ })).toBeVisible();
    await expect(previous).toBeEnabled();
    await expect(page.getByRole('cell', { name: /\d{2}\/\d{2}\/\d{4}/ }).first()).toBeVisible();

    await page.getByRole('combobox', { name: 'Utilizatori pe pagină' }).selectOption('25');
    await expect(page.getByRole('button', { name: /Pagina 1 din \d+/ })).toBeVisible();
    await expect(previous).toBeDisabled();
  });
});
