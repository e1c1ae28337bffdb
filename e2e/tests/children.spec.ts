import { expect, test, type Browser } from '@playwright/test';
import { ADMIN_STATE, WITHOUT_SERVICE_WORKER } from '../e2e-environment.js';
import { LoginPage, newAccount, RegisterPage, type NewAccount } from '../pages/account-pages.js';
import { ChildCreatePage, ChildFrame, ChildListPage, TeamPage } from '../pages/child-pages.js';
import { registerActiveAccount } from '../support/accounts.js';
import { apiAs, giveSubscription, licensedChild } from '../support/api.js';
import { Mailbox } from '../support/mailbox.js';

async function logIn(browser: Browser, account: NewAccount, viewport?: { width: number; height: number }) {
  const context = await browser.newContext(viewport ? { viewport, ...WITHOUT_SERVICE_WORKER } : WITHOUT_SERVICE_WORKER);
  const page = await context.newPage();
  const login = new LoginPage(page);
  await login.open();
  await login.logIn(account.email, account.password);
  await expect(page).not.toHaveURL(/\/login$/);
  return page;
}

test.describe('children, their team and their licence', () => {
  test('a parent adds a child, licenses it on the billing page, opens it and adds a therapist who then sees it without a delete', async ({
    browser,
    request,
  }) => {
    // Three people, the admin page, billing and the team: the longest journey of the suite.
    test.slow();
    const parent = newAccount('Andreea');
    const therapist = newAccount('Tudor', { role: 'THERAPIST' });
    await registerActiveAccount(request, parent);
    await registerActiveAccount(request, therapist);

    const page = await logIn(browser, parent);
    await new ChildCreatePage(page).create('Matei', 'Ionescu', '2019-05-14');
    // No licence yet: a neutral step says the child was added and that a licence starts the work (issue 13, point 13),
    // instead of the red no-licence error; its first action leads to billing.
    const added = page.getByTestId('child-added');
    await expect(added).toContainText('Profilul copilului Matei Ionescu a fost creat.');
    await expect(added).toContainText('adaugă-i o licență din pagina Facturare');
    await expect(page.getByRole('alert')).toHaveCount(0);
    await added.getByRole('button', { name: 'Adaugă o licență' }).click();
    await expect(page).toHaveURL(/\/billing$/);

    // The administrator creates a subscription of two licences for the parent, on the admin page.
    const adminContext = await browser.newContext({ storageState: ADMIN_STATE, ...WITHOUT_SERVICE_WORKER });
    const admin = await adminContext.newPage();
    await admin.goto('/admin/subscriptions');
    const create = admin.getByRole('region', { name: 'Creează abonament' });
    await create.getByRole('textbox', { name: 'E-mailul utilizatorului' }).fill(parent.email);
    await create.getByRole('spinbutton', { name: 'Cantitate' }).fill('2');
    await create.getByRole('button', { name: 'Creează abonament' }).click();
    await expect(admin.getByText(`Abonament creat pentru ${parent.firstName}`)).toBeVisible();
    await expect(admin.getByRole('cell', { name: parent.email }).or(admin.getByRole('cell', { name: `${parent.firstName} ${parent.lastName}` })).first()).toBeVisible();
    await adminContext.close();

    await page.goto('/billing');
    await expect(page.getByTestId('active-licenses')).toHaveText('2');
    await page.getByRole('combobox', { name: 'Copil fără licență' }).selectOption({ label: 'Matei Ionescu' });
    await page.getByRole('button', { name: 'Adaugă copilul' }).click();
    await expect(page.getByRole('status')).toContainText('Matei Ionescu are acum o licență.');
    await expect(page.getByTestId('licenses-in-use')).toHaveText('1');

    const list = new ChildListPage(page);
    await list.open();
    await expect(list.card('Matei Ionescu')).toContainText('14/05/2019');
    await expect(list.actions('Matei Ionescu')).toBeVisible();
    await list.view('Matei Ionescu');
    await expect(page).toHaveURL(/\/child\/[0-9a-f-]{36}\/dashboard$/);
    const frame = new ChildFrame(page);
    await expect(frame.name).toHaveText('Matei Ionescu');
    const childId = page.url().split('/child/')[1].split('/')[0];

    const team = new TeamPage(page, 'therapists');
    await team.open(childId);
    await team.add(therapist.email);
    await expect(team.list).toContainText(`${therapist.firstName} ${therapist.lastName}`);

    const therapistPage = await logIn(browser, therapist);
    const therapistList = new ChildListPage(therapistPage);
    await therapistList.open();
    await expect(therapistList.card('Matei Ionescu')).toContainText('Terapeut');
    await expect(therapistList.actions('Matei Ionescu')).toHaveCount(0);
    await therapistList.view('Matei Ionescu');
    const therapistFrame = new ChildFrame(therapistPage);
    await expect(therapistFrame.name).toHaveText('Matei Ionescu');
    const therapistTeam = new TeamPage(therapistPage, 'therapists');
    await therapistTeam.open(childId);
    await expect(therapistTeam.list).toContainText(therapist.firstName);
    await expect(therapistTeam.emailField).toHaveCount(0);

    // Removing the licence closes the child again.
    await page.goto('/billing');
    await page.getByRole('button', { name: 'Elimină licența' }).first().click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Elimină' }).click();
    await expect(page.getByRole('status')).toContainText('Licența lui Matei Ionescu a fost eliminată.');
    await expect
      .poll(async () => {
        await page.goto(`/child/${childId}/therapists`);
        await page.waitForLoadState('networkidle');
        return new URL(page.url()).pathname;
      }, { timeout: 15_000 })
      .toBe('/billing');
  });

  test('a stranger opening a child sees the error view with a way home', async ({ browser, request }) => {
    const parent = newAccount('Carmen');
    const stranger = newAccount('Victor');
    await registerActiveAccount(request, parent);
    await registerActiveAccount(request, stranger);
    await giveSubscription(parent.email, 1);
    const parentApi = await apiAs(parent.email, parent.password);
    const childId = await licensedChild(parentApi, 'Ilinca');
    await parentApi.dispose();

    const page = await logIn(browser, stranger);
    await page.goto(`/child/${childId}/dashboard`);
    await expect(page.getByRole('alert')).toContainText('Nu aveți acces la acest copil');
    await page.getByRole('button', { name: 'Înapoi la pagina principală' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('an invited coordinator registers from the e-mail and finds the child', async ({ browser, request }) => {
    const parent = newAccount('Dana');
    await registerActiveAccount(request, parent);
    await giveSubscription(parent.email, 1);
    const parentApi = await apiAs(parent.email, parent.password);
    const childId = await licensedChild(parentApi, 'Sara', 'Marin');
    await parentApi.dispose();

    const page = await logIn(browser, parent);
    const coordinators = new TeamPage(page, 'coordinators');
    await coordinators.open(childId);
    const coordinator = newAccount('Mihai', { role: 'COORDINATOR' });
    await coordinators.add(coordinator.email);
    await expect(coordinators.list).toContainText('Invitație trimisă');

    // therapy → helper.invited → identity writes the invite e-mail.
    const invite = await new Mailbox().linkTo(coordinator.email, '/register/');
    const guest = await (await browser.newContext(WITHOUT_SERVICE_WORKER)).newPage();
    await guest.goto(invite);
    const register = new RegisterPage(guest);
    await expect(register.field('E-mail')).toHaveValue(coordinator.email);
    await expect(register.field('E-mail')).not.toBeEditable();
    // The invite's role is chosen already (issue 13, point 13).
    await expect(guest.getByRole('combobox', { name: 'Rol' })).toHaveValue('COORDINATOR');
    await register.fill(coordinator, { withEmail: false });
    await register.submit();
    await expect(guest).toHaveURL(/\/login$/);
    // An invited account is active at once: no activation e-mail needed.
    await new LoginPage(guest).logIn(coordinator.email, coordinator.password);
    await expect(guest).not.toHaveURL(/\/login$/);
    // identity.user.registered → therapy turns the pending helper active.
    const list = new ChildListPage(guest);
    await expect
      .poll(async () => {
        await list.open();
        return list.card('Sara Marin').count();
      }, { timeout: 15_000 })
      .toBe(1);
    await expect(list.card('Sara Marin')).toContainText('Coordonator');
  });

  test('the child sidebar collapses on a 375 px phone and opens from the menu button', async ({ browser, request }) => {
    const parent = newAccount('Oana');
    await registerActiveAccount(request, parent);
    await giveSubscription(parent.email, 1);
    const parentApi = await apiAs(parent.email, parent.password);
    const childId = await licensedChild(parentApi, 'Luca');
    await parentApi.dispose();

    const page = await logIn(browser, parent, { width: 375, height: 740 });
    await page.goto(`/child/${childId}/therapists`);
    await expect(new ChildFrame(page).name).toHaveText('Luca Popescu');
    const menu = page.getByRole('button', { name: 'Meniu' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('link', { name: 'Sub-planuri' })).toBeHidden();
    await menu.click();
    await expect(page.getByRole('link', { name: 'Sub-planuri' })).toBeVisible();
  });
});
