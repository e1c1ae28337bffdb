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

  /** The status dropdown of the subscription of the user named `name` ("First Last"). */
  statusSelect(name: string) {
    return this.page.getByRole('combobox', { name: new RegExp(`^Statusul abonamentului .+ \\(${name}\\)$`) });
  }

  confirmDialog(title: 'Anulați abonamentul?' | 'Suspendați abonamentul?') {
    return this.page.getByRole('alertdialog', { name: title });
  }
}
