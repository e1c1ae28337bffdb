import { expect, test, type Browser, type Page } from '@playwright/test';
import { baseURL, WITHOUT_SERVICE_WORKER } from '../e2e-environment.js';
import { LoginPage, newAccount, type NewAccount } from '../pages/account-pages.js';
import { AuditPage } from '../pages/audit-page.js';
import { ChildFrame } from '../pages/child-pages.js';
import { registerActiveAccount } from '../support/accounts.js';
import { apiAs, created, until } from '../support/api.js';
import { planFixture, type PlanFixture } from '../support/plans-data.js';
import { measureTapTargets } from '../support/tap-targets.js';

/*
 * Issue 17, the audit trail (ADR 0047): every change to a child's data, with who made it, when and the fields before
 * and after, on the child's "Istoric modificări" page: its owner's and coordinators', newest first, 25 a page, filtered
 * by kind and person in the URL. A therapist has no link to it, and its address tells them it is not theirs.
 */
const PHONE = { viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true } as const;

/** `account` joins the child's team through the owner; returns once therapy lets them read the child. */
async function joinTeam(fixture: PlanFixture, account: NewAccount, accessType: 'ADMIN' | 'THERAPIST') {
  const owner = await apiAs(fixture.parent.email, fixture.parent.password);
  await created(
    owner.post(`/api/child/${fixture.childId}/helper/add?access_type=${accessType}`, {
      data: { email: account.email, access_type: accessType },
    }),
  );
  await owner.dispose();
  const member = await apiAs(account.email, account.password);
  await until(() => member.get(`/api/child/${fixture.childId}`), 200);
  return member;
}

/** A phone of `account`'s, logged in. */
async function phoneOf(browser: Browser, account: NewAccount): Promise<Page> {
  const context = await browser.newContext({ ...PHONE, ...WITHOUT_SERVICE_WORKER, baseURL, locale: 'ro-RO' });
  const page = await context.newPage();
  await new LoginPage(page).enter(account);
  return page;
}

test.describe('the audit trail of a child, on a phone', () => {
  test.use(PHONE);

  test('the owner sees who changed what, newest first; filters by kind and person kept in the URL; pages past 25', async ({
    page,
    request,
  }) => {
    test.slow();
    const fixture = await planFixture(page, request);
    const coordinator = newAccount('Camelia', { role: 'COORDINATOR' });
    await registerActiveAccount(request, coordinator);
    const owner = await apiAs(fixture.parent.email, fixture.parent.password);
    // More than a page of changes: twenty more items, a status changed, a coordinator added, a trial deleted…
    for (let n = 1; n <= 20; n += 1) {
      await created(
        owner.post('/api/sub-plan-item/create', {
          data: { description: `Item ${n}`, sub_plan_id: fixture.subPlanId },
        }),
      );
    }
    const status = await owner.post(
      `/api/sub-plan-item/${fixture.items['Cere apă']}/set-status?status=IN_GENERALIZATION&reason=CLINICAL_JUDGEMENT`,
    );
    expect(status.status(), await status.text()).toBe(200);
    const coordinatorApi = await joinTeam(fixture, coordinator, 'ADMIN');
    const { evaluation } = await created<{ evaluation: { id: string } }>(
      owner.post(`/api/sub-plan-item/${fixture.items['Contact vizual']}/evaluation/create`, {
        data: { result: 'YES' },
      }),
    );
    const deleted = await owner.post(`/api/item-evaluation/${evaluation.id}/delete`);
    expect(deleted.status(), await deleted.text()).toBe(200);
    // … and, last, the coordinator adds a behaviour.
    await created(
      coordinatorApi.post(`/api/child/${fixture.childId}/behavior/create`, {
        data: { name: 'Aruncă obiecte' },
      }),
    );
    await coordinatorApi.dispose();
    const trail = await owner.get(`/api/child/${fixture.childId}/audit`);
    expect(trail.status(), await trail.text()).toBe(200);
    const { total } = (await trail.json()) as { total: number };
    await owner.dispose();
    expect(total).toBeGreaterThan(25);
    const pages = Math.ceil(total / 25);

    // From the child's menu, after the consent.
    await page.goto(`/child/${fixture.childId}/sessions`);
    await expect(new ChildFrame(page).name).toHaveText('Matei Popescu');
    await page.getByRole('button', { name: 'Meniu' }).tap();
    const menu = new ChildFrame(page).sidebar.getByRole('link');
    await expect(menu).toHaveText([
      'Progres',
      'Planuri',
      'Sub-planuri',
      'Urmărirea comportamentelor',
      'Sesiuni',
      'Rapoarte',
      'De verificat',
      'Coordonatori',
      'Terapeuți',
      'Consimțământ',
      'Istoric modificări',
    ]);
    await menu.last().tap();
    const audit = new AuditPage(page);
    await expect(audit.heading).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/child/${fixture.childId}/audit$`));

    // Newest first: what, who, and the changed fields.
    await expect
      .poll(async () => (await audit.sentences.allTextContents()).slice(0, 5))
      .toEqual([
        'Un comportament a fost adăugat',
        'O evaluare a fost ștearsă',
        'O persoană a fost adăugată în echipă',
        'Starea unui item a fost schimbată',
        'Un item a fost creat',
      ]);
    await expect(audit.entries).toHaveCount(25);
    const [behavior, trial, helper, itemStatus, item] = [0, 1, 2, 3, 4].map((n) => audit.entries.nth(n));
    await expect(behavior).toContainText('Camelia Testescu, la ');
    await expect(audit.change(behavior, 'Nume')).toHaveText('Aruncă obiecte');
    await expect(trial).toContainText('Ioana Testescu, la ');
    await expect(audit.change(trial, 'Rezultat')).toHaveText('DA');
    await expect(audit.change(helper, 'E-mail')).toHaveText(coordinator.email);
    await expect(audit.change(helper, 'Rol în echipă')).toHaveText('Coordonator');
    await expect(audit.change(itemStatus, 'Stare')).toHaveText('În învățare → În generalizare');
    await expect(audit.change(item, 'Descriere')).toHaveText('Item 20');
    await expect(page.getByText(`Modificări înregistrate: ${total}`)).toBeVisible();
    await expect(page.locator('html')).toHaveJSProperty('scrollWidth', 375);

    // By kind: in the URL, kept on reload.
    await audit.kind.selectOption({ label: 'Un plan a fost creat' });
    await expect(page).toHaveURL(/[?&]kind=PLAN_CREATED(&|$)/);
    await expect(audit.entries).toHaveCount(1);
    await expect(audit.entries).toContainText('Plan de toamnă');
    await expect(audit.entries).toContainText('Ioana Testescu');
    await page.reload();
    await expect(audit.kind).toHaveValue('PLAN_CREATED');
    await expect(audit.entries).toHaveCount(1);
    await expect(audit.pageOf).toHaveText('Pagina 1 din 1');

    // By person: the coordinator's changes only; with a kind they never made, nothing.
    await audit.kind.selectOption({ label: 'Toate' });
    await expect(page).not.toHaveURL(/kind=/);
    await audit.person.selectOption({ label: 'Camelia Testescu' });
    await expect(page).toHaveURL(/[?&]user_id=[0-9a-f-]{36}(&|$)/);
    await expect(audit.entries).toHaveCount(1);
    await expect(audit.sentences).toHaveText(['Un comportament a fost adăugat']);
    await audit.kind.selectOption({ label: 'Un plan a fost șters' });
    await expect(page.getByText('Nicio modificare pentru acest filtru.')).toBeVisible();
    await expect(audit.entries).toHaveCount(0);

    // Pages: Previous and Next, 44 px, disabled at the ends; Back returns to the page before.
    await audit.open(fixture.childId);
    await expect(audit.pageOf).toHaveText(`Pagina 1 din ${pages}`);
    await expect(audit.entries).toHaveCount(25);
    await expect(audit.previous).toBeDisabled();
    for (const scope of [audit.pager, page.locator('main fieldset')]) {
      const { smallest } = await measureTapTargets(scope);
      expect(smallest.height, smallest.name).toBeGreaterThanOrEqual(44);
      expect(smallest.width, smallest.name).toBeGreaterThanOrEqual(44);
    }
    await audit.next.tap();
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expect(audit.pageOf).toHaveText(`Pagina 2 din ${pages}`);
    await expect(audit.entries).toHaveCount(Math.min(25, total - 25));
    if (pages === 2) {
      await expect(audit.next).toBeDisabled();
      await expect(audit.sentences.last()).toHaveText('Copilul a fost adăugat');
    }
    await page.goBack();
    await expect(audit.pageOf).toHaveText(`Pagina 1 din ${pages}`);
    await expect(audit.sentences.first()).toHaveText('Un comportament a fost adăugat');
  });

  test('a coordinator reads the trail; a therapist has no link to it and, at its address, is told it is not theirs', async ({
    page,
    request,
    browser,
  }) => {
    test.slow();
    const fixture = await planFixture(page, request);
    const coordinator = newAccount('Camelia', { role: 'COORDINATOR' });
    const therapist = newAccount('Tudor', { role: 'THERAPIST' });
    await registerActiveAccount(request, coordinator);
    await registerActiveAccount(request, therapist);
    await (await joinTeam(fixture, coordinator, 'ADMIN')).dispose();
    const therapistApi = await joinTeam(fixture, therapist, 'THERAPIST');
    const refused = await therapistApi.get(`/api/child/${fixture.childId}/audit`);
    expect(refused.status()).toBe(403);
    expect(typeof ((await refused.json()) as { error?: unknown }).error).toBe('string');
    await therapistApi.dispose();

    const coordinatorPage = await phoneOf(browser, coordinator);
    const audit = new AuditPage(coordinatorPage);
    await audit.open(fixture.childId);
    await expect(audit.heading).toBeVisible();
    await expect(audit.sentences.first()).toHaveText('O persoană a fost adăugată în echipă');
    await expect(audit.entries.first()).toContainText(therapist.email);
    await coordinatorPage.context().close();

    const therapistPage = await phoneOf(browser, therapist);
    await therapistPage.goto(`/child/${fixture.childId}/sessions`);
    await expect(new ChildFrame(therapistPage).name).toHaveText('Matei Popescu');
    await therapistPage.getByRole('button', { name: 'Meniu' }).tap();
    const menu = new ChildFrame(therapistPage).sidebar;
    await expect(menu.getByRole('link', { name: 'Consimțământ' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Istoric modificări' })).toHaveCount(0);
    const theirs = new AuditPage(therapistPage);
    await theirs.open(fixture.childId);
    await expect(theirs.heading).toBeVisible();
    await expect(
      therapistPage.getByText(
        'Istoricul modificărilor îl pot vedea doar părintele și coordonatorii copilului.',
      ),
    ).toBeVisible();
    await expect(theirs.entries).toHaveCount(0);
    await therapistPage.context().close();
  });
});
