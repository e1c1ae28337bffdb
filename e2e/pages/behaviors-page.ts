import { expect, type Locator, type Page } from '@playwright/test';

/**
 * /child/{id}/behaviors: the behaviours (stacked cards on a phone, a table on a wide screen) and the Behavior ABC
 * section (behaviour select, Antecedent and Consequence choices, Save, the log).
 */
export class BehaviorsPage {
  constructor(readonly page: Page) {}

  async open(childId: string) {
    await this.page.goto(`/child/${childId}/behaviors`);
    await expect(this.page.locator('main').getByRole('heading', { name: 'Urmărirea comportamentelor' })).toBeVisible();
  }

  /** The page's own content (the child frame's name and menu excluded). */
  get content() {
    return this.page.locator('main section').filter({ has: this.page.getByRole('heading', { name: 'Urmărirea comportamentelor' }) }).last();
  }

  /** One behaviour: its card on a phone, its table row on a wide screen. */
  row(name: string): Locator {
    return this.page
      .getByRole('listitem', { name, exact: true })
      .or(this.page.getByRole('table', { name: 'Comportamente' }).getByRole('row').filter({ has: this.page.getByRole('link', { name, exact: true }) }));
  }

  logButton(name: string) {
    return this.page.getByRole('button', { name: `Înregistrează comportamentul ${name}`, exact: true });
  }

  deleteButton(name: string) {
    return this.page.getByRole('button', { name: `Șterge ${name}`, exact: true });
  }

  /** "Azi: N" of a behaviour. */
  todayCount(name: string) {
    return this.row(name).getByTestId('today-count');
  }

  /** The unsaved-log message of a behaviour: in its card on a phone, in the row below it on a wide screen. */
  unsavedLog(name: string) {
    return this.page.getByRole('alert').filter({ hasText: `„${name}”` });
  }

  async createBehavior(name: string) {
    await this.page.getByRole('textbox', { name: 'Numele noului comportament' }).fill(name);
    await this.page.getByRole('button', { name: 'Creează comportamentul' }).click();
    await expect(this.page.getByRole('link', { name, exact: true })).toBeVisible();
  }

  get abcBehaviorSelect() {
    return this.page.getByRole('combobox', { name: 'Comportament' });
  }

  get antecedents() {
    return this.page.getByRole('group', { name: 'Antecedent' });
  }

  get consequences() {
    return this.page.getByRole('group', { name: 'Consecință' });
  }

  get saveAbc() {
    return this.page.getByRole('button', { name: 'Salvează', exact: true });
  }

  abcLog(name: string) {
    return this.page.getByRole('table', { name: `Jurnalul ABC pentru ${name}` });
  }

  /** Chooses the first item of each side (once the lists are loaded: more than "Other"); returns their texts. */
  async chooseFirstAbc(): Promise<{ antecedent: string; consequence: string }> {
    await expect(this.antecedents.getByRole('button').nth(1)).toBeVisible();
    await expect(this.consequences.getByRole('button').nth(1)).toBeVisible();
    const antecedent = this.antecedents.getByRole('button').first();
    const antecedentText = (await antecedent.textContent())!.trim();
    await antecedent.click();
    const consequence = this.consequences.getByRole('button').first();
    const consequenceText = (await consequence.textContent())!.trim();
    await consequence.click();
    return { antecedent: antecedentText, consequence: consequenceText };
  }

  get doubleTapDialog() {
    return this.page.getByRole('alertdialog', { name: 'Două apariții?' });
  }
}
