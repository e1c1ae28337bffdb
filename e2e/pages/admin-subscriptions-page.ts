import type { Page } from '@playwright/test';

/** /admin/subscriptions: the subscriptions table (a status dropdown per row) and the "Create subscription" card. */
export class AdminSubscriptionsPage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto('/admin/subscriptions');
  }

  get table() {
    return this.page.getByRole('table', { name: 'Abonamente' });
  }

  /**
   * The status dropdown of the subscription of the user named `name` ("First Last"), by its label (found also while a
   * modal dialog hides the page from the accessibility tree).
   */
  statusSelect(name: string) {
    return this.page.locator(`main select[aria-label^="Statusul abonamentului "][aria-label$=" (${name})"]`);
  }

  confirmDialog(title: 'Anulați abonamentul?' | 'Suspendați abonamentul?') {
    return this.page.getByRole('alertdialog', { name: title });
  }
}
