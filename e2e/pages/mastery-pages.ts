import { expect, type Locator, type Page } from '@playwright/test';

/** The step groups of the criterion form, by their legend. */
export const TO_GENERALIZATION = 'În învățare → În generalizare';
export const TO_FINISHED = 'În generalizare → Terminat';

/**
 * The collapsible "Criteriul de însușire" section of a sub-plan, an item or (on the To confirm page) the child: where
 * the criterion in effect comes from and, for the owner and coordinators, its form.
 */
export class CriterionSection {
  constructor(
    readonly page: Page,
    readonly title = 'Criteriul de însușire',
  ) {}

  async expand() {
    await this.page.getByRole('button', { name: this.title, exact: true }).click();
    await expect(this.source).toBeVisible();
  }

  /** "În vigoare: …". */
  get source(): Locator {
    return this.page.getByTestId('criterion-source');
  }

  step(name: string): Locator {
    return this.page.getByRole('group', { name, exact: true });
  }

  field(step: string, label: string): Locator {
    return this.step(step).getByRole('textbox', { name: label, exact: true });
  }

  async choose(step: string, option: string) {
    await this.step(step).getByRole('radio', { name: option, exact: true }).check();
  }

  get save(): Locator {
    return this.page.getByRole('button', { name: 'Salvează criteriul', exact: true });
  }

  get useInherited(): Locator {
    return this.page.getByRole('button', { name: 'Folosește criteriul moștenit', exact: true });
  }
}

/** /child/{id}/to-confirm: the suggested status changes, oldest first. */
export class ToConfirmPage {
  constructor(readonly page: Page) {}

  async open(childId: string) {
    await this.page.goto(`/child/${childId}/to-confirm`);
    await expect(
      this.page.locator('main').getByRole('heading', { name: 'De confirmat', exact: true }),
    ).toBeVisible();
  }

  get suggestions(): Locator {
    return this.page.getByRole('list', { name: 'Schimbări care așteaptă confirmarea' }).getByRole('article');
  }

  suggestion(item: string): Locator {
    return this.page.getByRole('article', { name: item, exact: true });
  }

  accept(item: string): Locator {
    return this.page.getByRole('button', { name: new RegExp(`^Acceptă pentru ${item}:`) });
  }

  reject(item: string): Locator {
    return this.page.getByRole('button', { name: `Respinge pentru ${item}`, exact: true });
  }

  get rejectDialog(): Locator {
    return this.page.getByRole('alertdialog');
  }
}
