import type { Page } from '@playwright/test';

/** /billing: "Your subscription" (figures, the payment links and the line under them) and "Your children". */
export class BillingPage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto('/billing');
  }

  get subscriptionCard() {
    return this.page.getByRole('region', { name: 'Abonamentul tău' });
  }

  get manageLink() {
    return this.subscriptionCard.getByRole('link', { name: 'Gestionează' });
  }

  get addLicensesLink() {
    return this.subscriptionCard.getByRole('link', { name: 'Adaugă licențe' });
  }

  get paymentNote() {
    return this.subscriptionCard.getByTestId('payment-note');
  }

  get childrenSection() {
    return this.page.getByRole('region', { name: 'Copiii tăi' });
  }

  get childrenTable() {
    return this.childrenSection.getByRole('table', { name: 'Copiii tăi' });
  }

  /** The footer's select of the user's children without a licence, and its button. */
  get childSelect() {
    return this.childrenSection.getByRole('combobox', { name: 'Copil fără licență' });
  }

  get addChildButton() {
    return this.childrenSection.getByRole('button', { name: 'Adaugă copilul' });
  }

  /** The line a coordinator or therapist reads: a helped child's licences are its owner's. */
  get helpedChildrenNote() {
    return this.childrenSection.getByTestId('helped-children-note');
  }
}
