import type { Page } from '@playwright/test';

/** /account: the logged-in user's own account, found by role and label in either language. */
export class MyAccountPage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto('/account');
  }

  get heading() {
    return this.page.getByRole('heading', { level: 1 });
  }

  get form() {
    return this.page.getByRole('form', { name: /Datele contului|Account details/ });
  }

  get firstName() {
    return this.page.getByRole('textbox', { name: /^(Prenume|First name)$/ });
  }

  get lastName() {
    return this.page.getByRole('textbox', { name: /^(Nume|Last name)$/ });
  }

  get phone() {
    return this.page.getByRole('textbox', { name: /^(Telefon|Phone)$/ });
  }

  language(name: 'Română' | 'English') {
    return this.page.getByRole('radiogroup', { name: /^(Limba|Language)$/ }).getByRole('radio', { name });
  }

  get saveButton() {
    return this.page.getByRole('button', { name: /^(Salvează|Save)$/ });
  }

  get errorBanner() {
    return this.page.locator('main').getByRole('alert');
  }

  get savedMessage() {
    return this.page
      .locator('main')
      .getByRole('status')
      .filter({ hasText: /Datele contului au fost salvate\.|Your account details were saved\./ });
  }

  get passwordForm() {
    return this.page.getByRole('form', { name: /Schimbarea parolei|Password change/ });
  }

  /** A field of the password change: the label of the current, the new or the confirmation. */
  passwordField(name: RegExp) {
    return this.passwordForm.getByLabel(name);
  }

  get changePasswordButton() {
    return this.passwordForm.getByRole('button', { name: /^(Schimbă parola|Change password)$/ });
  }

  get emailForm() {
    return this.page.getByRole('form', { name: /Schimbarea adresei de e-mail|Changing the e-mail address/ });
  }

  /** A field of the e-mail change: the new address, or the current password. */
  emailField(name: RegExp) {
    return this.emailForm.getByLabel(name);
  }

  /** "Datele mele": the download of the account's data as a ZIP (issue 17, ADR 0048). */
  get exportSection() {
    return this.page.getByRole('region', { name: /^(Datele mele|My data)$/ });
  }

  /** The download button, by its name at rest or while the data is gathered. */
  get downloadButton() {
    return this.exportSection.getByRole('button', {
      name: /^(Descarcă datele mele|Download my data|Se pregătesc datele…|Preparing your data…)$/,
    });
  }

  get changeEmailButton() {
    return this.emailForm.getByRole('button', {
      name: /^(Trimite linkul de confirmare|Send the confirmation link)$/,
    });
  }
}
