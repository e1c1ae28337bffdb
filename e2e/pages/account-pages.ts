import { expect, type Page } from '@playwright/test';

export interface NewAccount {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  password: string;
  role?: 'PARENT' | 'THERAPIST' | 'COORDINATOR';
}

let counter = 0;
/** A fresh account for one test (unique e-mail per run and call). */
export function newAccount(firstName: string, overrides: Partial<NewAccount> = {}): NewAccount {
  counter += 1;
  return {
    firstName,
    lastName: 'Testescu',
    email: `${firstName.toLowerCase()}.${Date.now().toString(36)}${counter}@aba-e2e.test`,
    phone: '0722000111',
    password: 'Parola-buna-2026',
    ...overrides,
  };
}

export class LoginPage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto('/login');
  }

  get successBanner() {
    return this.page.getByRole('status');
  }

  get errorBanner() {
    return this.page.getByRole('alert');
  }

  async logIn(email: string, password: string) {
    await this.page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(email);
    await this.page.getByRole('textbox', { name: 'Parolă', exact: true }).fill(password);
    await this.page.getByRole('button', { name: 'Autentificare', exact: true }).click();
  }

  /** Opens the login page, logs the account in and waits until the app has left the login page. */
  async enter(account: Pick<NewAccount, 'email' | 'password'>) {
    await this.open();
    await this.logIn(account.email, account.password);
    await expect(this.page).not.toHaveURL(/\/login$/);
    // The address changes first; the next page is drawn once its code has loaded (and, on a phone, closes the menu).
    await expect(this.page.getByRole('button', { name: 'Autentificare', exact: true })).toHaveCount(0);
  }
}

export class RegisterPage {
  constructor(readonly page: Page) {}

  async open(token?: string) {
    await this.page.goto(token ? `/register/${token}` : '/register');
  }

  field(name: string) {
    return this.page.getByRole('textbox', { name, exact: true });
  }

  async fill(account: NewAccount, { withEmail = true } = {}) {
    await this.field('Prenume').fill(account.firstName);
    await this.field('Nume').fill(account.lastName);
    if (withEmail) await this.field('E-mail').fill(account.email);
    await this.field('Telefon').fill(account.phone);
    await this.field('Parolă').fill(account.password);
    await this.field('Confirmă parola').fill(account.password);
    if (account.role) await this.page.getByRole('combobox', { name: 'Rol' }).selectOption(account.role);
  }

  async submit() {
    await this.page.getByRole('button', { name: 'Creează contul' }).click();
  }
}

/** The logged-in side navigation. */
export class UserMenu {
  constructor(readonly page: Page) {}

  get navigation() {
    return this.page.getByRole('navigation', { name: 'Navigare principală' });
  }

  async expectLoggedInAs(firstName: string) {
    await expect(this.navigation.getByRole('heading', { name: firstName })).toBeVisible();
    for (const link of ['Lista copiilor', 'Adaugă copil', 'Facturare']) {
      await expect(this.navigation.getByRole('link', { name: link })).toBeVisible();
    }
  }

  /** Logs out and waits for the server to end the session (a navigation right after would cut the call short). */
  async logOut() {
    const ended = this.page.waitForResponse(
      (response) => response.url().endsWith('/api/logout') && response.request().method() === 'POST',
    );
    await this.navigation.getByRole('button', { name: 'Deconectare' }).click();
    expect((await ended).status()).toBe(200);
  }
}
