import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { baseURL, WITHOUT_SERVICE_WORKER } from '../e2e-environment.js';
import { LoginPage, newAccount, type NewAccount } from '../pages/account-pages.js';
import { ChildListPage, HandOverNotice, TeamPage } from '../pages/child-pages.js';
import { registerActiveAccount } from '../support/accounts.js';
import { apiAs, created, giveSubscription, licensedChild, until } from '../support/api.js';

/*
 * Issue 17, handing a child over (ADR 0050): its owner offers it to one of its coordinators on the child's
 * Coordonatori page, after a question that says what follows; the coordinator is told on every page of the child and
 * accepts (they own it, the former owner coordinates it) or declines; the owner can withdraw a waiting offer.
 */
const PHONE = { viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true } as const;
const CHILD = 'Matei Popescu';

interface Family {
  owner: NewAccount;
  coordinator: NewAccount;
  childId: string;
}

/** An owner ("Ioana") with a licensed child, and a coordinator ("Dana") who has an account, not on its team yet. */
async function family(request: APIRequestContext): Promise<Family> {
  const owner = newAccount('Ioana');
  const coordinator = newAccount('Dana', { role: 'COORDINATOR' });
  await registerActiveAccount(request, owner);
  await registerActiveAccount(request, coordinator);
  await giveSubscription(owner.email, 1);
  const api = await apiAs(owner.email, owner.password);
  const childId = await licensedChild(api, 'Matei');
  await api.dispose();
  return { owner, coordinator, childId };
}

/** A phone of `account`'s, logged in. */
async function phoneOf(browser: Browser, account: NewAccount): Promise<Page> {
  const context = await browser.newContext({ ...PHONE, ...WITHOUT_SERVICE_WORKER, baseURL, locale: 'ro-RO' });
  const page = await context.newPage();
  await new LoginPage(page).enter(account);
  return page;
}

/** Through the API: the owner adds the coordinator to the team and offers them the child. */
async function offeredThroughApi({ owner, coordinator, childId }: Family, join: boolean) {
  const ownerApi = await apiAs(owner.email, owner.password);
  const coordinatorApi = await apiAs(coordinator.email, coordinator.password);
  if (join) {
    await created(
      ownerApi.post(`/api/child/${childId}/helper/add?access_type=ADMIN`, {
        data: { email: coordinator.email, access_type: 'ADMIN' },
      }),
    );
    await until(() => coordinatorApi.get(`/api/child/${childId}`), 200);
  }
  const session = await coordinatorApi.get('/api/get-session');
  const { id } = (await session.json()) as { id: string };
  const offered = await ownerApi.post(`/api/child/${childId}/ownership/offer`, { data: { to_user_id: id } });
  expect(offered.status(), await offered.text()).toBe(200);
  await Promise.all([ownerApi.dispose(), coordinatorApi.dispose()]);
}

test.describe('handing a child over to a coordinator, on a phone', () => {
  test.use(PHONE);

  test('offered by the owner on the Coordonatori page, accepted by the coordinator on the child’s page: they own it, the former owner coordinates it', async ({
    page,
    browser,
    request,
  }) => {
    test.slow();
    const { owner, coordinator, childId } = await family(request);
    await new LoginPage(page).enter(owner);
    const team = new TeamPage(page, 'coordinators');
    await team.open(childId);
    await team.add(coordinator.email);
    // Therapy learns of the coordinator's account by an event: until then the row is an invitation, which the account
    // takes up when it arrives. The page reads the team again once it has.
    const coordinatorApi = await apiAs(coordinator.email, coordinator.password);
    await until(() => coordinatorApi.get(`/api/child/${childId}`), 200);
    await coordinatorApi.dispose();
    await team.open(childId);
    await expect(team.list).toContainText('Dana Testescu');

    // Asked first, in the row: what the hand-over does.
    await team.handOver('Dana Testescu').tap();
    const question = team.handOverQuestion('Dana Testescu');
    await expect(question).toBeFocused();
    await expect(question).toContainText(
      'Dana Testescu devine proprietarul copilului după ce acceptă predarea',
    );
    await expect(question).toContainText('rămâneți în echipa copilului, ca și coordonator');
    await expect(question).toContainText(
      'Licența copilului rămâne pe abonamentul dumneavoastră până când o eliminați',
    );
    await page.getByRole('button', { name: 'Nu acum', exact: true }).tap();
    await expect(team.handOver('Dana Testescu')).toBeFocused();
    await team.handOver('Dana Testescu').tap();
    await team.confirmHandOver.tap();
    await expect(page.locator(':focus')).toContainText(
      'Predarea a fost propusă: are efect când coordonatorul o acceptă',
    );
    await expect(team.waitingOffer).toContainText('Predarea către Dana Testescu așteaptă acceptul (din ');
    await expect(team.list).toContainText('Predare în așteptare');
    await expect(team.handOver('Dana Testescu')).toHaveCount(0);
    await expect(page.locator('html')).toHaveJSProperty('scrollWidth', 375);

    // The coordinator, on their phone: told on the child's page, by whom; accepts.
    const coordinatorPage = await phoneOf(browser, coordinator);
    await coordinatorPage.goto(`/child/${childId}/sessions`);
    const notice = new HandOverNotice(coordinatorPage);
    await expect(notice.text).toHaveText(
      'Ioana Testescu vă predă acest copil: deveniți proprietarul lui și răspundeți de datele lui.',
    );
    for (const button of [notice.accept, notice.decline]) {
      expect((await button.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    }
    await expect(coordinatorPage.locator('html')).toHaveJSProperty('scrollWidth', 375);
    await notice.accept.tap();
    await expect(coordinatorPage.locator(':focus')).toContainText('Acum sunteți proprietarul acestui copil');
    await expect(notice.text).toHaveCount(0);

    // Theirs now: the list names them its parent and gives them its menu; the former owner is a coordinator.
    const theirList = new ChildListPage(coordinatorPage);
    await theirList.open();
    await expect(theirList.card(CHILD)).toContainText('Părinte');
    await expect(theirList.actions(CHILD)).toBeVisible();
    const theirTeam = new TeamPage(coordinatorPage, 'coordinators');
    await theirTeam.open(childId);
    await expect(theirTeam.list).toContainText('Ioana Testescu');
    await expect(theirTeam.handOver('Ioana Testescu')).toBeVisible();

    const formerList = new ChildListPage(page);
    await formerList.open();
    await expect(formerList.card(CHILD)).toContainText('Coordonator');
    await expect(formerList.actions(CHILD)).toHaveCount(0);
    await team.open(childId);
    await expect(team.list).toContainText('Ioana Testescu');
    await expect(team.handOver('Dana Testescu')).toHaveCount(0);
    await coordinatorPage.context().close();
  });

  test('declined by the coordinator; withdrawn by the owner, after which accepting is refused with why', async ({
    page,
    browser,
    request,
  }) => {
    test.slow();
    const world = await family(request);
    await offeredThroughApi(world, true);
    const coordinatorPage = await phoneOf(browser, world.coordinator);
    // No live hints on this phone: it learns of the withdrawal only when it acts.
    await coordinatorPage.route('**/api/child/*/live', (route) => route.abort());
    await coordinatorPage.goto(`/child/${world.childId}/sessions`);
    const notice = new HandOverNotice(coordinatorPage);
    await expect(notice.text).toBeVisible();
    await notice.decline.tap();
    await expect(coordinatorPage.locator(':focus')).toContainText('Predarea a fost refuzată');
    await expect(notice.text).toHaveCount(0);

    await new LoginPage(page).enter(world.owner);
    const team = new TeamPage(page, 'coordinators');
    await team.open(world.childId);
    await expect(team.list).toContainText('Dana Testescu');
    await expect(team.waitingOffer).toHaveCount(0);

    await offeredThroughApi(world, false);
    await coordinatorPage.reload();
    await expect(notice.text).toBeVisible();
    await team.open(world.childId);
    await expect(team.waitingOffer).toBeVisible();
    await team.withdrawOffer.tap();
    await expect(page.locator(':focus')).toContainText('Predarea a fost retrasă');
    await expect(team.waitingOffer).toHaveCount(0);

    await notice.accept.tap();
    const refused = 'Nu există nicio predare a acestui copil în așteptare';
    await expect(coordinatorPage.getByRole('alert')).toHaveText(refused);
    await expect(coordinatorPage.locator(':focus')).toContainText(refused);
    await expect(notice.text).toHaveCount(0);
    await coordinatorPage.context().close();
  });
});
