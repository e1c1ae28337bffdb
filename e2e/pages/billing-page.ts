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
}
