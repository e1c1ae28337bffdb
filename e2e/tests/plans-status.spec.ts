import { expect, test } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { EvaluateFlowPage, PlanDetailPage, toast } from '../pages/plan-pages.js';
import { apiAs } from '../support/api.js';
import { planFixture, type PlanFixture } from '../support/plans-data.js';

/*
 * Issue 13, points 7, 10 and 12: every status change says so (and COMPLETED asks first), an item that leaves the
 * filtered view says where it went, the filter lives in the URL, a completed plan is not evaluated and says why, a
 * plan that does not exist offers the way back, and a failed change is said in its item's card with the focus.
 */
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

async function planStatus(fixture: PlanFixture): Promise<string> {
  const api = await apiAs(fixture.parent.email, fixture.parent.password);
  const response = await api.get(`/api/child/${fixture.childId}/plan/${fixture.planId}`);
  const { plan } = await response.json();
  await api.dispose();
  return plan.status;
}

test.describe('plan and item status on a phone', () => {
  test.use(PHONE);

  test('a plan set to Completed asks first, Cancel keeps it; each change shows a short toast', async ({
    page,
    request,
  }) => {
    const fixture = await planFixture(page, request);
    await page.goto(`/child/${fixture.childId}/plan/list`);
    const status = page.getByRole('combobox', { name: `Starea pentru ${fixture.planName}` });

    await status.selectOption('COMPLETED');
    const confirm = page.getByRole('alertdialog', { name: 'Marcați planul ca finalizat?' });
    await expect(confirm).toContainText('nu mai poate fi evaluat pe rând');
    await confirm.getByRole('button', { name: 'Anulează' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(status).toHaveValue('ACTIVE');
    expect(await planStatus(fixture)).toBe('ACTIVE');

    await status.selectOption('COMPLETED');
    await confirm.getByRole('button', { name: 'Marchează finalizat' }).click();
    await expect(toast(page, `„${fixture.planName}” este acum Finalizat.`)).toBeVisible();
    await expect(status).toHaveValue('COMPLETED');
    expect(await planStatus(fixture)).toBe('COMPLETED');

    // Not destructive: no question, just the toast.
    await status.selectOption('INACTIVE');
    await expect(toast(page, `„${fixture.planName}” este acum Inactiv.`)).toBeVisible();
    await expect(confirm).toHaveCount(0);
    expect(await planStatus(fixture)).toBe('INACTIVE');
  });

  test('an item that leaves the filtered view says where it went and offers to show it; the filter stays in the URL across a reload', async ({
    page,
    request,
  }) => {
    const fixture = await planFixture(page, request);
    const detail = new PlanDetailPage(page);
    await detail.open(fixture.childId, fixture.planId);
    await expect(detail.filter.getByRole('radio', { name: 'În învățare' })).toBeChecked();

    await detail.status('Cere apă').selectOption('IN_GENERALIZATION');
    await expect(detail.item('Cere apă')).toHaveCount(0);
    const moved = toast(page, '„Cere apă” a fost mutat la În generalizare.');
    await expect(moved).toBeVisible();
    await moved.getByRole('button', { name: 'Arată În generalizare' }).click();
    await expect(detail.filter.getByRole('radio', { name: 'În generalizare' })).toBeChecked();
    await expect(detail.item('Cere apă')).toBeVisible();
    await expect(page).toHaveURL(/\?items_status=IN_GENERALIZATION$/);

    await page.reload();
    await expect(detail.filter.getByRole('radio', { name: 'În generalizare' })).toBeChecked();
    await expect(detail.item('Cere apă')).toBeVisible();
    await expect(detail.item('Contact vizual')).toHaveCount(0);

    // A shared link opens the same view.
    await detail.open(fixture.childId, fixture.planId, '?items_status=FINISHED');
    await expect(detail.filter.getByRole('radio', { name: 'Terminat' })).toBeChecked();
    await expect(page.getByText('Niciun item cu această stare.')).toBeVisible();
  });

  test('a status change that fails is said in the item’s card, with the focus, and the item stays where it was', async ({
    page,
    request,
  }) => {
    const fixture = await planFixture(page, request);
    const detail = new PlanDetailPage(page);
    await detail.open(fixture.childId, fixture.planId);
    await page.route('**/api/sub-plan-item/*/set-status?*', (route) => route.abort('internetdisconnected'));
    await detail.status('Cere apă').selectOption('FINISHED');
    const failure = detail.item('Cere apă').getByRole('alert');
    await expect(failure).toContainText('Starea pentru „Cere apă” NU a fost schimbată.');
    await expect(failure).toBeInViewport();
    await expect(page.locator(':focus')).toContainText('NU a fost schimbată');
    await expect(detail.status('Cere apă')).toHaveValue('IN_LEARNING');

    await page.unroute('**/api/sub-plan-item/*/set-status?*');
    await failure.getByRole('button', { name: 'Reîncearcă pentru Cere apă' }).click();
    await expect(detail.item('Cere apă')).toHaveCount(0);
    await expect(toast(page, '„Cere apă” a fost mutat la Terminat.')).toBeVisible();
  });

  test('a completed plan cannot start the evaluate flow, and both screens say why', async ({
    page,
    request,
  }) => {
    const fixture = await planFixture(page, request);
    const api = await apiAs(fixture.parent.email, fixture.parent.password);
    const completed = await api.post(`/api/plan/${fixture.planId}/set-status?status=COMPLETED`);
    expect(completed.status(), await completed.text()).toBe(200);
    await api.dispose();

    const detail = new PlanDetailPage(page);
    await detail.open(fixture.childId, fixture.planId);
    await expect(detail.evaluateAll).toHaveAttribute('aria-disabled', 'true');
    await expect(
      page.getByText('Acest plan este finalizat, deci nu se mai evaluează.', { exact: false }),
    ).toBeVisible();
    await detail.evaluateAll.click({ force: true });
    await expect(page).toHaveURL(new RegExp(`/plan/${fixture.planId}$`));

    const flow = new EvaluateFlowPage(page);
    await flow.open(fixture.childId, fixture.planId);
    await expect(
      page.getByText('Acest plan este finalizat, deci nu poate fi evaluat.', { exact: false }),
    ).toBeVisible();
    await expect(flow.yes).toHaveCount(0);
    await expect(flow.completed).toHaveCount(0);
  });

  test('a plan that does not exist offers the way back to the plans', async ({ page, request }) => {
    const fixture = await planFixture(page, request);
    await page.goto(`/child/${fixture.childId}/plan/${randomUUID()}`);
    const error = page.getByRole('alert');
    await expect(error).toContainText('Planul nu există');
    await expect(error.getByRole('button', { name: 'Reîncearcă' })).toHaveCount(0);
    await error.getByRole('button', { name: 'Înapoi la planuri' }).click();
    await expect(page).toHaveURL(new RegExp(`/child/${fixture.childId}/plan/list$`));
    await expect(page.getByRole('link', { name: fixture.planName, exact: true })).toBeVisible();
  });
});
