import { expect, type Page } from '@playwright/test';

export class ChildCreatePage {
  constructor(readonly page: Page) {}

  async create(firstName: string, lastName: string, dateOfBirth: string) {
    await this.page.goto('/child/create');
    await this.page.getByRole('textbox', { name: 'Prenume', exact: true }).fill(firstName);
    await this.page.getByRole('textbox', { name: 'Nume', exact: true }).fill(lastName);
    await this.page.getByRole('textbox', { name: 'Data nașterii', exact: true }).fill(dateOfBirth);
    await this.page.getByRole('checkbox', { name: /^Sunt părintele sau tutorele legal al copilului/ }).check();
    await this.page.getByRole('button', { name: 'Adaugă copilul' }).click();
  }
}

export class ChildListPage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto('/child/list');
    await expect(this.page.getByRole('heading', { level: 1 })).toHaveText('Lista copiilor');
  }

  card(fullName: string) {
    return this.page.getByRole('group', { name: fullName });
  }

  async view(fullName: string) {
    await this.page.getByRole('button', { name: `Vezi ${fullName}` }).click();
  }

  /** The menu of the child's card (its owner's only): where the child is deleted. */
  actions(fullName: string) {
    return this.page.getByRole('button', { name: `Mai multe acțiuni pentru ${fullName}` });
  }
}

export class ChildFrame {
  constructor(readonly page: Page) {}

  get name() {
    return this.page.getByRole('heading', { level: 1 });
  }

  get sidebar() {
    return this.page.getByRole('navigation', { name: 'Meniul copilului' });
  }

  /** The title of the page open inside the child frame (pages there are h2 under the child's name). */
  get pageTitle() {
    return this.page.locator('main').getByRole('heading', { level: 2 }).first();
  }
}

export class TeamPage {
  constructor(
    readonly page: Page,
    readonly kind: 'coordinators' | 'therapists',
  ) {}

  async open(childId: string) {
    await this.page.goto(`/child/${childId}/${this.kind}`);
  }

  get emailField() {
    return this.page.getByRole('textbox', {
      name: this.kind === 'therapists' ? 'E-mailul terapeutului' : 'E-mailul coordonatorului',
    });
  }

  async add(email: string) {
    await this.emailField.fill(email);
    await this.page.getByRole('button', { name: this.kind === 'therapists' ? 'Adaugă terapeut' : 'Adaugă coordonator' }).click();
  }

  get list() {
    return this.page.getByRole('list', { name: this.kind === 'therapists' ? 'Terapeuți' : 'Coordonatori' });
  }

  /** The owner's "Predă copilul" on a coordinator's row (issue 17, ADR 0050), named after them. */
  handOver(name: string) {
    return this.page.getByRole('button', { name: `Predă copilul către ${name}`, exact: true });
  }

  /** The question asked in the coordinator's row before the child is offered to them. */
  handOverQuestion(name: string) {
    return this.page.getByRole('group', { name: `Predați copilul către ${name}?`, exact: true });
  }

  get confirmHandOver() {
    return this.page.getByRole('button', { name: 'Da, predau copilul', exact: true });
  }

  /** The notice at the top while an offer waits: "Predarea către … așteaptă acceptul (din …)". */
  get waitingOffer() {
    return this.page.getByText(/^Predarea către .+ așteaptă acceptul \(din \d{2}\/\d{2}\/\d{4}\)$/);
  }

  get withdrawOffer() {
    return this.page.getByRole('button', { name: 'Retrage predarea', exact: true });
  }
}

/** What the child frame tells the coordinator a child is handed over to (issue 17, ADR 0050), on every child page. */
export class HandOverNotice {
  constructor(readonly page: Page) {}

  get text() {
    return this.page.getByText(
      /(vă predă|Vi se predă) acest copil: deveniți proprietarul lui și răspundeți de datele lui\.$/,
    );
  }

  get accept() {
    return this.page.getByRole('button', { name: 'Accept', exact: true });
  }

  get decline() {
    return this.page.getByRole('button', { name: 'Refuz', exact: true });
  }
}
