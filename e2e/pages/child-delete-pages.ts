import { expect, type Page } from '@playwright/test';
import { ChildListPage } from './child-pages.js';

/** Deleting a child from its card on /child/list and restoring it from "Recently deleted" (issue 13, point 4). */
export class ChildDeletePages {
  readonly list: ChildListPage;

  constructor(readonly page: Page) {
    this.list = new ChildListPage(page);
  }

  /** The confirmation: the spec's question as its title. */
  get dialog() {
    return this.page.getByRole('alertdialog', { name: 'Sigur vrei să ștergi acest copil?' });
  }

  confirmField(firstName: string) {
    return this.dialog.getByRole('textbox', {
      name: `Scrie prenumele copilului (${firstName}) pentru a confirma`,
    });
  }

  get deleteButton() {
    return this.dialog.getByRole('button', { name: 'Șterge', exact: true });
  }

  /** Opens the confirmation from the child's card menu. */
  async askToDelete(fullName: string) {
    await this.list.actions(fullName).tap();
    await this.page.getByRole('menuitem', { name: 'Șterge copilul…' }).tap();
    await expect(this.dialog).toBeVisible();
  }

  get recentlyDeleted() {
    return this.page.getByRole('region', { name: 'Copii șterși recent' });
  }

  restoreButton(fullName: string) {
    return this.recentlyDeleted.getByRole('button', { name: `Restaurează ${fullName}` });
  }

  /** The page's notice after a delete or a restore. */
  get notice() {
    return this.page.getByRole('status');
  }
}
