import type { Locator, Page } from '@playwright/test';

/** A child's change history (/child/{id}/audit, issue 17), in Romanian. */
export class AuditPage {
  constructor(readonly page: Page) {}

  async open(childId: string, search = '') {
    await this.page.goto(`/child/${childId}/audit${search}`);
  }

  get heading() {
    return this.page.getByRole('heading', { name: 'Istoricul modificărilor', exact: true });
  }

  /** The entries of the page shown, newest first (each card's listitem). */
  get entries() {
    return this.page.getByRole('list', { name: 'Modificările', exact: true }).getByRole('listitem');
  }

  /** The sentences of the entries shown, in order. */
  get sentences() {
    return this.entries.getByRole('heading', { level: 3 });
  }

  /** What an entry says of one changed field (its label, e.g. "Stare"): "În învățare → În generalizare". */
  change(entry: Locator, field: string) {
    return entry.locator(`xpath=.//dt[normalize-space(.)="${field}"]/following-sibling::dd[1]`);
  }

  get person() {
    return this.page.getByRole('combobox', { name: 'Persoana' });
  }

  get kind() {
    return this.page.getByRole('combobox', { name: 'Tipul modificării' });
  }

  get pager() {
    return this.page.getByRole('navigation', { name: 'Paginare' });
  }

  get previous() {
    return this.pager.getByRole('button', { name: 'Anterioara' });
  }

  get next() {
    return this.pager.getByRole('button', { name: 'Următoarea' });
  }

  get pageOf() {
    return this.pager.getByTestId('audit-page');
  }
}
