import { expect, type Locator, type Page } from '@playwright/test';

/** A toast of the plans pages (a status change, a delete) with this text. */
export function toast(page: Page, text: string): Locator {
  return page.locator('.fui-Toast').filter({ hasText: text });
}

/** One item's Yes/No, count and redo (the plan page's Evaluate column or card). */
function evaluateGroup(page: Page, item: string): Locator {
  return page.getByRole('group', { name: `Evaluează ${item}`, exact: true });
}

/**
 * /child/{id}/plan/{planId}: the item filter, the sub-plan cards with their items (stacked cards under 768 px, a table
 * on a wide screen), each with Yes/No, today's count, the redo, the last evaluations and the status.
 */
export class PlanDetailPage {
  constructor(readonly page: Page) {}

  async open(childId: string, planId: string, search = '') {
    await this.page.goto(`/child/${childId}/plan/${planId}${search}`);
    await expect(this.page.getByRole('radiogroup', { name: 'Afișează itemii' })).toBeVisible();
  }

  /** The page's own content (the child frame's name and menu excluded). */
  get content() {
    return this.page.locator('main section[aria-busy]').first();
  }

  /** One item: its card on a phone, its table row on a wide screen. */
  item(description: string): Locator {
    return this.page
      .getByRole('listitem', { name: description, exact: true })
      .or(
        this.page
          .getByRole('row')
          .filter({ has: this.page.getByRole('cell', { name: description, exact: true }) }),
      );
  }

  yes(item: string) {
    return evaluateGroup(this.page, item).getByRole('button', { name: 'Da', exact: true });
  }

  no(item: string) {
    return evaluateGroup(this.page, item).getByRole('button', { name: 'Nu', exact: true });
  }

  /** "Azi: N" beside an item's Yes/No. */
  todayCount(item: string) {
    return this.page.getByLabel(new RegExp(`^Încercări azi pentru ${item}: \\d+$`));
  }

  redo(item: string) {
    return this.page.getByRole('button', { name: new RegExp(`^Refă ultimul răspuns pentru ${item} `) });
  }

  /** The redo's Yes/No choice. */
  redoChoice(item: string) {
    return this.page.getByRole('group', { name: `Corectează ultimul răspuns pentru ${item}`, exact: true });
  }

  /** The last evaluations of an item: one toolbar of icons, oldest → newest. */
  history(item: string) {
    return this.page.getByRole('toolbar', { name: `Ultimele evaluări pentru ${item}`, exact: true });
  }

  status(item: string) {
    return this.page.getByRole('combobox', { name: `Starea pentru ${item}`, exact: true });
  }

  /** An item's message that something was NOT saved or did not happen (in its card or the row below it). */
  failure(item: string) {
    return this.page.getByRole('alert').filter({ hasText: item });
  }

  /** An item's message that something was saved, corrected or undone. */
  notice(item: string) {
    return this.page.getByRole('status').filter({ hasText: item });
  }

  undo(item: string) {
    return this.page.getByRole('button', { name: `Anulează ultima schimbare pentru ${item}`, exact: true });
  }

  get filter() {
    return this.page.getByRole('radiogroup', { name: 'Afișează itemii' });
  }

  get evaluateAll() {
    return this.page.getByRole('button', { name: 'Evaluează pe rând' });
  }
}

/** /child/{id}/plan/{planId}/evaluate: one item at a time, big Yes and No, Y/N keys. */
export class EvaluateFlowPage {
  constructor(readonly page: Page) {}

  async open(childId: string, planId: string) {
    await this.page.goto(`/child/${childId}/plan/${planId}/evaluate`);
  }

  /** The item on screen. */
  get item() {
    return this.page.locator('main h3');
  }

  get yes() {
    return this.page.getByRole('button', { name: 'Da', exact: true });
  }

  get no() {
    return this.page.getByRole('button', { name: 'Nu', exact: true });
  }

  get content() {
    return this.page
      .locator('main section')
      .filter({ has: this.page.getByRole('heading', { name: /^Evaluare/ }) })
      .last();
  }

  get completed() {
    return this.page.getByRole('status').filter({ hasText: 'Evaluare finalizată' });
  }

  /** Waits until the item on screen has settled (its buttons accept a tap). */
  async settled() {
    await expect(this.yes).not.toHaveAttribute('aria-disabled', 'true');
  }
}

/** /child/{id}/sub-plan/{planId}: the new item row and the items (stacked cards under 768 px). */
export class SubPlanPage {
  constructor(readonly page: Page) {}

  async open(childId: string, subPlanId: string) {
    await this.page.goto(`/child/${childId}/sub-plan/${subPlanId}`);
    await expect(this.page.getByRole('textbox', { name: 'Descrierea noului item' })).toBeVisible();
  }

  get content() {
    return this.page.locator('main section[aria-busy]').first();
  }

  item(description: string): Locator {
    return this.page
      .getByRole('listitem', { name: description, exact: true })
      .or(
        this.page
          .getByRole('row')
          .filter({ has: this.page.getByRole('cell', { name: description, exact: true }) }),
      );
  }

  /** The one button that holds an item's last 100 evaluations and opens them. */
  history(item: string) {
    return this.page.getByRole('button', { name: new RegExp(`^Ultimele evaluări pentru ${item}: `) });
  }

  historyDialog(item: string) {
    return this.page.getByRole('dialog', { name: `Evaluările pentru ${item}` });
  }

  status(item: string) {
    return this.page.getByRole('combobox', { name: `Starea pentru ${item}`, exact: true });
  }

  deleteButton(item: string) {
    return this.page.getByRole('button', { name: `Șterge ${item}`, exact: true });
  }
}
