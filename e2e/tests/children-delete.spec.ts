import { expect, test, type Browser } from '@playwright/test';
import { WITHOUT_SERVICE_WORKER } from '../e2e-environment.js';
import { LoginPage, newAccount, type NewAccount } from '../pages/account-pages.js';
import { ChildDeletePages } from '../pages/child-delete-pages.js';
import { ChildFrame, TeamPage } from '../pages/child-pages.js';
import { registerActiveAccount } from '../support/accounts.js';
import { apiAs, giveSubscription, licensedChild, until } from '../support/api.js';

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

async function logInOnPhone(browser: Browser, account: NewAccount) {
  const page = await (await browser.newContext({ ...PHONE, ...WITHOUT_SERVICE_WORKER })).newPage();
  const login = new LoginPage(page);
  await login.open();
  await login.logIn(account.email, account.password);
  await expect(page).not.toHaveURL(/\/login$/);
  return page;
}

/** A parent with a licensed child that has a plan, and a therapist on its team. */
async function childWithPlanAndTherapist(
  request: Parameters<typeof registerActiveAccount>[0],
  firstName: string,
) {
  const parent = newAccount('Irina');
  const therapist = newAccount('Paul', { role: 'THERAPIST' });
  await registerActiveAccount(request, parent);
  await registerActiveAccount(request, therapist);
  await giveSubscription(parent.email, 1);
  const api = await apiAs(parent.email, parent.password);
  const childId = await licensedChild(api, firstName);
  const plan = await api.post(`/api/child/${childId}/plan/create`, {
    data: { name: 'Plan de iarnă', description: 'Cereri și contact vizual' },
  });
  expect(plan.status(), await plan.text()).toBe(201);
  const helper = await api.post(`/api/child/${childId}/helper/add?access_type=THERAPIST`, {
    data: { email: therapist.email, access_type: 'THERAPIST' },
  });
  expect(helper.status(), await helper.text()).toBe(201);
  return { parent, therapist, api, childId };
}

test.describe('deleting a child, on a phone (issue 13, point 4)', () => {
  test('the child heading has no delete; the owner deletes from the list by typing the first name, then restores the child with its plans', async ({
    browser,
    request,
  }) => {
    test.slow();
    const { parent, api, childId } = await childWithPlanAndTherapist(request, 'Ștefan');
    const page = await logInOnPhone(browser, parent);

    // Every child page: the name, and no delete beside it (the dashboard has no other delete).
    await page.goto(`/child/${childId}/dashboard`);
    const frame = new ChildFrame(page);
    await expect(frame.name).toHaveText('Ștefan Popescu');
    await expect(frame.pageTitle).toBeVisible();
    await expect(page.locator('main').getByRole('button', { name: /șterge/i })).toHaveCount(0);

    const flow = new ChildDeletePages(page);
    await flow.list.open();
    await flow.askToDelete('Ștefan Popescu');
    await expect(flow.dialog).toContainText('30 de zile');
    await expect(flow.deleteButton).toBeDisabled();
    await flow.confirmField('Ștefan').fill('Popescu');
    await expect(flow.deleteButton).toBeDisabled();
    // Cancel keeps the child.
    await flow.dialog.getByRole('button', { name: 'Anulează' }).tap();
    await expect(flow.dialog).toBeHidden();
    await expect(flow.list.card('Ștefan Popescu')).toBeVisible();

    await flow.askToDelete('Ștefan Popescu');
    // Case, accents and surrounding spaces do not matter.
    await flow.confirmField('Ștefan').fill('  stefan ');
    await expect(flow.deleteButton).toBeEnabled();
    await flow.deleteButton.tap();
    await expect(flow.dialog).toBeHidden();
    await expect(flow.notice).toContainText('Profilul copilului Ștefan Popescu a fost șters');
    await expect(flow.list.card('Ștefan Popescu')).toHaveCount(0);
    await expect(flow.recentlyDeleted).toContainText('Ștefan Popescu');
    await expect(flow.recentlyDeleted).toContainText('ștergere definitivă pe');

    // Gone for everyone meanwhile.
    await page.goto(`/child/${childId}/plan/list`);
    await expect(page.getByRole('alert')).toContainText('Copilul nu există');

    await flow.list.open();
    await flow.restoreButton('Ștefan Popescu').tap();
    await expect(flow.notice).toContainText('Profilul copilului Ștefan Popescu a fost restaurat');
    await expect(flow.list.card('Ștefan Popescu')).toBeVisible();
    await expect(flow.recentlyDeleted).toHaveCount(0);

    // Its licence went with the delete: once given again, its plans are all there.
    await until(() => api.post('/api/child/add-license', { data: { child_id: childId } }), 201);
    await api.dispose();
    // (therapy hears of the licence from billing: until then the child's pages send the owner to /billing)
    await expect
      .poll(
        async () => {
          await page.goto(`/child/${childId}/plan/list`);
          await page.waitForLoadState('networkidle');
          return new URL(page.url()).pathname;
        },
        { timeout: 15_000 },
      )
      .toBe(`/child/${childId}/plan/list`);
    await expect(page.getByRole('link', { name: 'Plan de iarnă', exact: true })).toBeVisible();
  });

  test("a therapist on the team is offered no delete, on the child's card or its pages", async ({
    browser,
    request,
  }) => {
    const { therapist, api, childId } = await childWithPlanAndTherapist(request, 'Maria');
    await api.dispose();
    const page = await logInOnPhone(browser, therapist);
    const flow = new ChildDeletePages(page);
    await flow.list.open();
    await expect(flow.list.card('Maria Popescu')).toContainText('Terapeut');
    await expect(flow.list.actions('Maria Popescu')).toHaveCount(0);
    await expect(flow.recentlyDeleted).toHaveCount(0);
    await page.goto(`/child/${childId}/dashboard`);
    await expect(new ChildFrame(page).name).toHaveText('Maria Popescu');
    await expect(page.locator('main').getByRole('button', { name: /șterge/i })).toHaveCount(0);
    const team = new TeamPage(page, 'therapists');
    await team.open(childId);
    await expect(team.list).toContainText(therapist.firstName);
  });
});

test.describe('the child menu, on a phone (issue 13, point 11)', () => {
  test.use(PHONE);

  test('leads to the progress dashboard first, marked as the current page there', async ({
    page,
    request,
  }) => {
    const parent = newAccount('Oana');
    await registerActiveAccount(request, parent);
    await giveSubscription(parent.email, 1);
    const api = await apiAs(parent.email, parent.password);
    const childId = await licensedChild(api, 'Luca');
    await api.dispose();
    const login = new LoginPage(page);
    await login.open();
    await login.logIn(parent.email, parent.password);
    await expect(page).not.toHaveURL(/\/login$/);

    await page.goto(`/child/${childId}/plan/list`);
    const sidebar = new ChildFrame(page).sidebar;
    await page.getByRole('button', { name: 'Meniu' }).tap();
    const links = sidebar.getByRole('link');
    await expect(links.first()).toHaveText('Progres');
    await expect(links.nth(1)).toHaveText('Planuri');
    await expect(sidebar.getByRole('link', { name: 'Progres' })).not.toHaveAttribute('aria-current', 'page');

    await sidebar.getByRole('link', { name: 'Progres' }).tap();
    // The menu closes at the tap, while the next page may still be loading.
    await expect(page.getByRole('button', { name: 'Meniu' })).toHaveAttribute('aria-expanded', 'false');
    await expect(page).toHaveURL(new RegExp(`/child/${childId}/dashboard$`));
    await expect(page.getByRole('heading', { name: 'Progres', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Meniu' }).tap();
    await expect(sidebar.getByRole('link', { name: 'Progres' })).toHaveAttribute('aria-current', 'page');
    await expect(sidebar.getByRole('link', { name: 'Planuri', exact: true })).not.toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});
