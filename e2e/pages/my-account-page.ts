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

  /** "Ștergerea contului" (issue 17, ADR 0050), at the end of the page. */
  get deletionSection() {
    return this.page.getByRole('region', { name: /^(Ștergerea contului|Deleting the account)$/ });
  }

  /** The disclosure button that shows what a deletion does and its form. */
  get openDeletion() {
    return this.deletionSection.getByRole('button', { name: /^(Șterge contul…|Delete the account…)$/ });
  }

  /** A list of what the deletion does: "Copiii dumneavoastră", "Copiii la care ajutați", "Contul și abonamentele". */
  deletionList(name: string) {
    return this.deletionSection.getByRole('list', { name, exact: true });
  }

  get deletionForm() {
    return this.page.getByRole('form', {
      name: /^(Confirmarea ștergerii contului|Confirming the account’s deletion)$/,
    });
  }

  get deletionPassword() {
    return this.deletionForm.getByLabel(/^(Parola actuală|Current password)/);
  }

  get deletionEmail() {
    return this.deletionForm.getByLabel(
      /^(Scrieți adresa de e-mail a contului|Type the account’s e-mail address)/,
    );
  }

  get deleteButton() {
    return this.deletionForm.getByRole('button', {
      name: /^(Șterg definitiv contul|Delete my account for good)$/,
    });
  }

  get changeEmailButton() {
    return this.emailForm.getByRole('button', {
      name: /^(Trimite linkul de confirmare|Send the confirmation link)$/,
    });
  }
}
