import { expect, test, type Browser, type Page } from '@playwright/test';
import { WITHOUT_SERVICE_WORKER } from '../e2e-environment.js';
import { LoginPage, newAccount, type NewAccount } from '../pages/account-pages.js';
import { CriterionSection, TO_GENERALIZATION } from '../pages/mastery-pages.js';
import { PlanDetailPage, toast } from '../pages/plan-pages.js';
import { registerActiveAccount } from '../support/accounts.js';
import { apiAs, created, giveSubscription, licensedChild } from '../support/api.js';

/*
 * Issue 15, end to end: a coordinator sets a sub-plan's criterion (3 trials a session are enough); a therapist runs
 * three sessions on a phone from the plan, started and ended in the session bar, and sees each item's count live
 * ("3/3 trials", "streak 2/3"); the third good session moves the item to IN_GENERALIZATION by the rule, and its
 * progress page shows the phase line (AUTO) and says why and what comes next.
 */
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const ITEM = 'Arată mingea';

async function phoneLoggedIn(browser: Browser, account: NewAccount): Promise<Page> {
  const page = await (await browser.newContext({ ...PHONE, ...WITHOUT_SERVICE_WORKER })).newPage();
  await new LoginPage(page).enter(account);
  return page;
}

test('a coordinator sets a criterion, a therapist runs three sessions on a phone, the item moves on and its page says why', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const parent = newAccount('Elena');
  const coordinator = newAccount('Corina', { role: 'COORDINATOR' });
  const therapist = newAccount('Toma', { role: 'THERAPIST' });
  for (const account of [parent, coordinator, therapist]) await registerActiveAccount(request, account);
  await giveSubscription(parent.email, 1);
  const api = await apiAs(parent.email, parent.password);
  const childId = await licensedChild(api, 'Ilinca');
  const { id: planId } = await created<{ id: string }>(
    api.post(`/api/child/${childId}/plan/create`, { data: { name: 'Dimineața', description: 'Masa' } }),
  );
  const { id: subPlanId } = await created<{ id: string }>(
    api.post(`/api/child/${childId}/sub-plan/create`, { data: { name: 'Receptiv', description: 'Obiecte' } }),
  );
  await created(
    api.post(`/api/child/${childId}/plan/${planId}/add-sub-plan`, { data: { sub_plan_id: subPlanId } }),
  );
  const { item } = await created<{ item: { id: string } }>(
    api.post('/api/sub-plan-item/create', { data: { description: ITEM, sub_plan_id: subPlanId } }),
  );
  for (const [helper, access] of [
    [coordinator, 'ADMIN'],
    [therapist, 'THERAPIST'],
  ] as const) {
    await created(
      api.post(`/api/child/${childId}/helper/add?access_type=${access}`, {
        data: { email: helper.email, access_type: access },
      }),
    );
  }
  await api.dispose();

  // The coordinator: 3 trials a session are enough to move on to generalization.
  const coordinatorPage = await phoneLoggedIn(browser, coordinator);
  await coordinatorPage.goto(`/child/${childId}/sub-plan/${subPlanId}`);
  const criterion = new CriterionSection(coordinatorPage);
  await criterion.expand();
  await criterion.field(TO_GENERALIZATION, 'Minimum de încercări pe sesiune').fill('3');
  await criterion.save.click();
  await expect(toast(coordinatorPage, 'Criteriul a fost salvat.')).toBeVisible();
  await expect(criterion.source).toHaveText('În vigoare: din subplan.');
  await coordinatorPage.context().close();

  // The therapist, on the plan: three sessions of three YES, each started and ended in the session bar.
  const page = await phoneLoggedIn(browser, therapist);
  const therapistApi = await apiAs(therapist.email, therapist.password);
  const savedTrials = async () => {
    const response = await therapistApi.get(`/api/sub-plan-item/${item.id}/evaluations?limit=20`);
    return ((await response.json()) as { evaluations: unknown[] }).evaluations.length;
  };
  const plan = new PlanDetailPage(page);
  await plan.open(childId, planId);
  const live = page.getByRole('group', { name: `Numărătoarea pentru ${ITEM}` });
  const bar = page.getByRole('group', { name: 'Sesiunea de lucru' });
  await expect(live).toHaveText('În această sesiune: 0/3 încercări');
  for (let session = 1; session <= 3; session += 1) {
    await bar.getByRole('button', { name: 'Începe sesiunea' }).click();
    await expect(bar.getByRole('button', { name: 'Încheie sesiunea' })).toBeVisible();
    for (let trial = 1; trial <= 3; trial += 1) {
      await plan.yes(ITEM).click();
      // The very last trial moves the item out of this "in learning" list (below).
      if (session === 3 && trial === 3) break;
      await expect(plan.todayCount(ITEM)).toHaveText(`Azi: ${(session - 1) * 3 + trial}`);
      await expect(live).toContainText(`În această sesiune: ${trial}/3 încercări`);
      // A tap on the same item within 300 ms is taken for a double tap.
      await page.waitForTimeout(350);
    }
    await expect.poll(savedTrials).toBe(session * 3);
    if (session < 3) {
      await expect(live).toContainText('În această sesiune: 3/3 încercări, suficient ca să conteze');
      await expect(live).toContainText(`Serie ${session}/3`);
      await bar.getByRole('button', { name: 'Încheie sesiunea' }).click();
      await expect(bar.getByRole('button', { name: 'Începe sesiunea' })).toBeVisible();
      await expect(live).toContainText('În această sesiune: 0/3 încercări');
      await expect(live).toContainText(`Serie ${session}/3`);
    }
  }
  await therapistApi.dispose();
  // The third good session met the rule: the item moved on and left the "in learning" list, which the page says; in
  // generalization, its rule asks 5 trials a session.
  const moved = toast(page, `„${ITEM}” a îndeplinit criteriul și a trecut la În generalizare.`);
  await expect(moved).toBeVisible();
  await expect(plan.item(ITEM)).toHaveCount(0);
  await moved.getByRole('button', { name: 'Arată În generalizare' }).click();
  await expect(plan.item(ITEM)).toBeVisible();
  await expect(live).toHaveText('În această sesiune: 0/5 încercări');

  // Its progress page: the phase line the rule drew, and why it stands where it does now.
  await page.getByRole('link', { name: `Progres: ${ITEM}` }).click();
  await expect(page).toHaveURL(new RegExp(`/child/${childId}/item/`));
  const main = page.locator('main');
  await expect(main.getByText('Stare: În generalizare')).toBeVisible();
  await expect(page.locator('.highcharts-plot-line-label', { hasText: 'AUTO' })).toHaveText(
    'În generalizare · AUTO',
  );
  await expect(page.getByTestId('progress-explanation')).toHaveText(
    'Nicio sesiune numărată încă: e nevoie de 2 sesiuni la rând la ≥ 80 %, cu cel puțin 5 încercări fiecare, ' +
      'conduse de cel puțin 2 persoane diferite.',
  );
  const history = main.getByRole('list', { name: 'Istoricul stărilor' });
  await expect(history.getByRole('listitem').first()).toContainText('AUTO');
  await main.getByRole('button', { name: 'Tabel' }).click();
  const rows = main.getByRole('table', { name: `Sesiunile pentru ${ITEM}` }).getByRole('row');
  await expect(rows).toHaveCount(4);
  for (const row of [1, 2, 3]) await expect(rows.nth(row)).toContainText('3/3');
});
