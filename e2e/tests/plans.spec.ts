import { expect, test, type Page } from '@playwright/test';
import { LoginPage, newAccount } from '../pages/account-pages.js';
import { PlanDetailPage, toast } from '../pages/plan-pages.js';
import { registerActiveAccount } from '../support/accounts.js';
import { apiAs, giveSubscription, licensedChild } from '../support/api.js';

async function createPlanLike(page: Page, childId: string, kind: 'plan' | 'sub-plan', name: string, description: string) {
  await page.goto(`/child/${childId}/${kind}/create`);
  await page.getByRole('textbox', { name: 'Nume', exact: true }).fill(name);
  await page.getByRole('textbox', { name: 'Descriere', exact: true }).fill(description);
  await page.getByRole('button', { name: 'Salvează' }).click();
  await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
}

test.describe('plans and evaluations, on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('build a plan, evaluate from the detail and the one-by-one flow, delete an evaluation, filter, see the chart', async ({
    page,
    request,
  }) => {
    // The flow returns to the plan once the last answer's Undo has had its few seconds.
    test.setTimeout(60_000);
    const parent = newAccount('Sorina');
    await registerActiveAccount(request, parent);
    await giveSubscription(parent.email, 1);
    const api = await apiAs(parent.email, parent.password);
    const childId = await licensedChild(api, 'Vlad');
    await api.dispose();

    const login = new LoginPage(page);
    await login.open();
    await login.logIn(parent.email, parent.password);
    await expect(page).not.toHaveURL(/\/login$/);

    await createPlanLike(page, childId, 'sub-plan', 'Comunicare', 'Cereri și contact vizual');
    await page.getByRole('link', { name: 'Comunicare', exact: true }).click();
    for (const item of ['Contact vizual', 'Cere apă']) {
      await page.getByRole('textbox', { name: 'Descrierea noului item' }).fill(item);
      await page.getByRole('button', { name: 'Adaugă itemul' }).click();
      await expect(page.getByRole('list', { name: 'Itemi' }).getByText(item, { exact: true })).toBeVisible();
    }

    await createPlanLike(page, childId, 'plan', 'Plan de toamnă', 'Obiective septembrie–noiembrie, descriere lungă');
    await expect(page.getByText('Obiective septembrie…')).toBeVisible();
    await page.getByRole('link', { name: 'Plan de toamnă', exact: true }).click();
    await page.getByRole('combobox', { name: 'Sub-planul de adăugat' }).selectOption({ label: 'Comunicare' });
    await page.getByRole('button', { name: 'Adaugă sub-planul' }).click();
    const detail = new PlanDetailPage(page);
    await expect(page.getByRole('list', { name: 'Itemii din Comunicare' })).toBeVisible();

    // Evaluate from the detail view: the history and today's count show the answer at once.
    await detail.yes('Contact vizual').click();
    await expect(detail.todayCount('Contact vizual')).toHaveText('Azi: 1');
    const history = detail.history('Contact vizual');
    await expect(history.getByRole('button', { name: /^Da, / })).toHaveCount(1);

    // Delete it through the popover.
    await history.getByRole('button', { name: /^Da, / }).click();
    const popover = page.getByRole('dialog', { name: 'Ștergeți evaluarea?' });
    await expect(popover).toContainText(`De: ${parent.firstName} ${parent.lastName}`);
    await popover.getByRole('button', { name: 'Șterge' }).click();
    await expect(detail.history('Contact vizual')).toHaveCount(0);
    await expect(detail.todayCount('Contact vizual')).toHaveText('Azi: 0');

    // The one-by-one flow, big buttons, then back to the plan.
    await detail.evaluateAll.click();
    await expect(page.getByText('Itemul 1 din 2')).toBeVisible();
    await page.getByRole('button', { name: 'Da', exact: true }).click();
    await expect(page.getByText('Itemul 2 din 2')).toBeVisible();
    await page.getByRole('button', { name: 'Nu', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Evaluare finalizată' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Itemii din Comunicare' })).toBeVisible({ timeout: 15_000 });
    await expect(detail.history('Contact vizual').getByRole('button')).toHaveCount(1);
    await expect(detail.history('Cere apă').getByRole('button')).toHaveCount(1);

    // An item whose status changes leaves the filtered view (In learning), says where it went, and shows there.
    await detail.status('Cere apă').selectOption('IN_GENERALIZATION');
    await expect(detail.item('Cere apă')).toHaveCount(0);
    await expect(toast(page, '„Cere apă” a fost mutat la În generalizare.')).toBeVisible();
    await page.getByRole('radio', { name: 'În generalizare' }).check();
    await expect(detail.item('Cere apă')).toBeVisible();

    // The dashboard charts today's YES and NO.
    await page.goto(`/child/${childId}/dashboard`);
    await expect(page.locator('.highcharts-series-group')).toBeVisible({ timeout: 10_000 });
    await expect(page.locator('.highcharts-series .highcharts-point')).not.toHaveCount(0);
  });

  test('the one-by-one flow says finished items are not asked, and does not ask them (ADR 0011)', async ({
    page,
    request,
  }) => {
    const parent = newAccount('Dana');
    await registerActiveAccount(request, parent);
    await giveSubscription(parent.email, 1);
    const api = await apiAs(parent.email, parent.password);
    const childId = await licensedChild(api, 'Toma');
    const saved = async (path: string, data: object) => {
      const response = await api.post(path, { data });
      expect(response.status(), await response.text()).toBe(201);
      return response.json();
    };
    const { id: subPlanId } = await saved(`/api/child/${childId}/sub-plan/create`, { name: 'Imitație', description: 'Gesturi' });
    const items: Record<string, string> = {};
    for (const description of ['Bate din palme', 'Face cu mâna', 'Arată nasul']) {
      const { item } = await saved('/api/sub-plan-item/create', { item: { description, sub_plan_id: subPlanId } });
      items[description] = item.id;
    }
    const finished = await api.post(`/api/sub-plan-item/${items['Arată nasul']}/set-status?status=FINISHED`);
    expect(finished.status(), await finished.text()).toBe(200);
    const { id: planId } = await saved(`/api/child/${childId}/plan/create`, { name: 'Plan de iarnă', description: 'Imitație' });
    await saved(`/api/child/${childId}/plan/${planId}/add-sub-plan`, { sub_plan_id: subPlanId });
    await api.dispose();

    const login = new LoginPage(page);
    await login.open();
    await login.logIn(parent.email, parent.password);
    await expect(page).not.toHaveURL(/\/login$/);
    await page.goto(`/child/${childId}/plan/${planId}/evaluate`);
    await expect(page.getByText('Itemii finalizați nu sunt evaluați aici (itemi finalizați în acest plan: 1).')).toBeVisible();
    await expect(page.getByText('Itemul 1 din 2')).toBeVisible();
    const asked: string[] = [];
    for (let i = 0; i < 2; i++) {
      const shown = page.locator('main h3');
      await expect(shown).not.toHaveText(asked.length ? asked[asked.length - 1] : '');
      asked.push((await shown.textContent())!.trim());
      await page.getByRole('button', { name: 'Da', exact: true }).click();
    }
    expect(asked.sort()).toEqual(['Bate din palme', 'Face cu mâna']);
    await expect(page.getByRole('status').filter({ hasText: 'Evaluare finalizată' })).toBeVisible();
  });
});
