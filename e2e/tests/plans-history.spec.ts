import { expect, test, type Page } from '@playwright/test';
import { EvaluateFlowPage, PlanDetailPage, SubPlanPage } from '../pages/plan-pages.js';
import { seriousAxeViolations } from '../support/axe-page.js';
import {
  backdateEvaluations,
  evaluateThroughApi,
  planFixture,
  serverEvaluations,
} from '../support/plans-data.js';

/*
 * Issue 13, points 11 and 14: histories read oldest → newest like a graph, each icon named with its date, a date per
 * day; the dashboard's axis is a time axis; a history is one tab stop; the evaluate flow works with the keyboard alone
 * (Y / N); the plans screens have no serious or critical axe violation at 390 and 1280 px.
 */
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

/** "Da, 21/11/2026, 10:15" → the instant it names (en-GB day and time in the browser's zone, UTC here). */
function instantOf(name: string): number {
  const [, day, month, year, hour, minute] = /(\d\d)\/(\d\d)\/(\d{4}), (\d\d):(\d\d)$/.exec(name)!;
  return Date.UTC(+year, +month - 1, +day, +hour, +minute);
}

/** How many Tab presses it takes to go from `from` to the first element matching `until`. */
async function tabsBetween(
  page: Page,
  from: ReturnType<Page['locator']>,
  until: ReturnType<Page['locator']>,
) {
  await from.focus();
  for (let presses = 1; presses <= 400; presses++) {
    await page.keyboard.press('Tab');
    if (await until.evaluate((element) => element === document.activeElement)) return presses;
  }
  throw new Error('never reached');
}

test.describe('histories and the keyboard', () => {
  test.use(PHONE);

  test("the plan's last evaluations read oldest → newest in day groups, each icon named and titled with its date; the row is one tab stop with arrow keys", async ({
    page,
    request,
  }) => {
    const fixture = await planFixture(page, request);
    const itemId = fixture.items['Contact vizual'];
    const [threeDaysA, threeDaysB, yesterday] = await evaluateThroughApi(fixture, itemId, [
      'YES',
      'NO',
      'NO',
    ]);
    await backdateEvaluations([
      { id: threeDaysA, daysAgo: 3 },
      { id: threeDaysB, daysAgo: 3 },
      { id: yesterday, daysAgo: 1 },
    ]);
    await evaluateThroughApi(fixture, itemId, ['YES']);
    const detail = new PlanDetailPage(page);
    await detail.open(fixture.childId, fixture.planId);
    const history = detail.history('Contact vizual');

    const groups = history.getByRole('group');
    await expect(groups).toHaveCount(3);
    const icons = history.getByRole('button');
    const names = await icons.evaluateAll((buttons) =>
      buttons.map((button) => button.getAttribute('aria-label')!),
    );
    expect(names.map((name) => name.split(',')[0])).toEqual(['Da', 'Nu', 'Nu', 'Da']);
    const instants = names.map(instantOf);
    expect([...instants].sort((a, b) => a - b)).toEqual(instants);
    // Each icon's date shows on hover (its title) and is read on focus (its name); each group says its day.
    for (let i = 0; i < names.length; i++) await expect(icons.nth(i)).toHaveAttribute('title', names[i]);
    const days = await groups.evaluateAll((all) => all.map((group) => group.getAttribute('aria-label')));
    expect(days).toEqual([names[0], names[2], names[3]].map((name) => name.split(', ')[1]));
    await expect(groups.first()).toContainText(names[0].split(', ')[1].slice(0, 5));

    // One tab stop: Tab lands on the newest; the arrows and Home move within; Tab leaves for the status.
    const newest = icons.nth(3);
    await expect(
      tabsBetween(page, detail.redo('Contact vizual').or(detail.no('Contact vizual')).last(), newest),
    ).resolves.toBeGreaterThan(0);
    await page.keyboard.press('ArrowLeft');
    await expect(icons.nth(2)).toBeFocused();
    await page.keyboard.press('Home');
    await expect(icons.nth(0)).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(detail.status('Contact vizual')).toBeFocused();
    // Enter opens the spec's popover for the focused icon.
    await icons.nth(0).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Ștergeți evaluarea?' })).toContainText(
      `Data: ${names[0].split(', ').slice(1).join(', ')}`,
    );
  });

  test('the sub-plan page has a few tab stops per item, not one per evaluation, and its 100 evaluations open in a dialog oldest → newest', async ({
    page,
    request,
  }) => {
    const fixture = await planFixture(page, request);
    const results = Array.from({ length: 100 }, (_, i) => (i % 3 === 0 ? 'NO' : 'YES') as 'YES' | 'NO');
    await evaluateThroughApi(fixture, fixture.items['Contact vizual'], results);
    const subPlan = new SubPlanPage(page);
    await subPlan.open(fixture.childId, fixture.subPlanId);
    await expect(subPlan.history('Contact vizual')).toHaveAccessibleName(
      /^Ultimele evaluări pentru Contact vizual: 66 Da și 34 Nu \(100, din \d\d\/\d\d\/\d{4} până în \d\d\/\d\d\/\d{4}\) · vedeți fiecare evaluare$/,
    );
    // From one item's history to the next item's controls: only its status and Delete, and the next item's Progress
    // link (issue 15), between.
    expect(await tabsBetween(page, subPlan.history('Contact vizual'), subPlan.status('Cere apă'))).toBe(4);

    await subPlan.history('Contact vizual').press('Enter');
    const dialog = subPlan.historyDialog('Contact vizual');
    const icons = dialog.getByRole('button', { name: /^(Da|Nu), / });
    await expect(icons).toHaveCount(100);
    const server = await serverEvaluations(fixture, fixture.items['Contact vizual']);
    const names = await icons.evaluateAll((buttons) =>
      buttons.map((button) => button.getAttribute('aria-label')!),
    );
    expect(names.map((name) => name.split(',')[0])).toEqual(
      [...server].reverse().map((evaluation) => (evaluation.result === 'YES' ? 'Da' : 'Nu')),
    );
    // The hundred icons are one tab stop in the dialog too.
    await expect(icons.last()).toHaveAttribute('tabindex', '0');
    await expect(dialog.locator('[role="toolbar"] [tabindex="0"]')).toHaveCount(1);
  });

  test('the evaluate flow works with the keyboard alone: Y and N, said on screen and on the buttons', async ({
    page,
    request,
  }) => {
    const fixture = await planFixture(page, request);
    const flow = new EvaluateFlowPage(page);
    await flow.open(fixture.childId, fixture.planId);
    await expect(page.getByText('Tastatură: apăsați Y pentru Da și N pentru Nu.')).toBeVisible();
    await expect(flow.yes).toHaveAttribute('aria-keyshortcuts', 'Y');
    await expect(flow.no).toHaveAttribute('aria-keyshortcuts', 'N');
    // The item on screen has the focus, so it is read out.
    await expect(flow.item).toBeFocused();
    const first = (await flow.item.textContent())!.trim();
    await flow.settled();
    await page.keyboard.press('y');
    await expect(page.getByText('Itemul 2 din 2')).toBeVisible();
    await expect(flow.item).toBeFocused();
    await flow.settled();
    await page.keyboard.press('n');
    await expect(flow.completed).toContainText('1 Da, 1 Nu.');
    const second = Object.keys(fixture.items).find((name) => name !== first)!;
    expect((await serverEvaluations(fixture, fixture.items[first])).map((e) => e.result)).toEqual(['YES']);
    expect((await serverEvaluations(fixture, fixture.items[second])).map((e) => e.result)).toEqual(['NO']);
  });

  test('the dashboard keeps days without evaluations in their place on a time axis', async ({
    page,
    request,
  }) => {
    const fixture = await planFixture(page, request);
    const [fiveDays, fourDays] = await evaluateThroughApi(fixture, fixture.items['Contact vizual'], [
      'YES',
      'YES',
      'YES',
    ]);
    await backdateEvaluations([
      { id: fiveDays, daysAgo: 5 },
      { id: fourDays, daysAgo: 4 },
    ]);
    await page.goto(`/child/${fixture.childId}/dashboard`);
    const columns = page.locator('.highcharts-series-group .highcharts-series-0 .highcharts-point');
    await expect(columns).toHaveCount(3, { timeout: 10_000 });
    await page.waitForTimeout(1_200);
    const centres = await columns.evaluateAll((rects) =>
      rects
        .map((rect) => rect.getBoundingClientRect())
        .map((box) => box.x + box.width / 2)
        .sort((a, b) => a - b),
    );
    // 5 and 4 days ago are one day apart, 4 days ago and today four: on a time axis, four times the distance.
    const ratio = (centres[2] - centres[1]) / (centres[1] - centres[0]);
    expect(ratio).toBeGreaterThan(3.5);
    expect(ratio).toBeLessThan(4.5);
  });
});

test.describe('plans screens have no serious or critical accessibility violation', () => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    test(`at ${viewport.width} px`, async ({ page, request }) => {
      // Six pages audited: more than the default 30 s on a loaded machine.
      test.setTimeout(90_000);
      await page.setViewportSize(viewport);
      const fixture = await planFixture(page, request);
      await evaluateThroughApi(fixture, fixture.items['Contact vizual'], ['YES', 'NO']);
      const found: Record<string, Awaited<ReturnType<typeof seriousAxeViolations>>> = {};

      await page.goto(`/child/${fixture.childId}/plan/list`);
      await expect(page.getByRole('link', { name: fixture.planName, exact: true })).toBeVisible();
      found.plans = await seriousAxeViolations(page.locator('main section').last());

      const detail = new PlanDetailPage(page);
      await detail.open(fixture.childId, fixture.planId);
      await detail.yes('Cere apă').click();
      await expect(detail.undo('Cere apă')).toBeVisible();
      await detail.redo('Cere apă').click();
      found.plan = await seriousAxeViolations(detail.content);

      const flow = new EvaluateFlowPage(page);
      await flow.open(fixture.childId, fixture.planId);
      await flow.settled();
      await flow.yes.click();
      await expect(page.getByText('Itemul 2 din 2')).toBeVisible();
      // Checked once the item has settled: while it settles its buttons are drawn as disabled, on purpose.
      await flow.settled();
      found.evaluate = await seriousAxeViolations(flow.content);

      const subPlan = new SubPlanPage(page);
      await subPlan.open(fixture.childId, fixture.subPlanId);
      found.subPlan = await seriousAxeViolations(subPlan.content);
      await subPlan.history('Contact vizual').click();
      found.history = await seriousAxeViolations(subPlan.historyDialog('Contact vizual'));
      await page.keyboard.press('Escape');

      await page.goto(`/child/${fixture.childId}/dashboard`);
      await expect(page.locator('.highcharts-series .highcharts-point').first()).toBeVisible({
        timeout: 10_000,
      });
      found.dashboard = await seriousAxeViolations(page.locator('main section').last());

      console.log(
        `axe ${viewport.width} px: ${Object.entries(found)
          .map(([screen, violations]) => `${screen} ${violations.length}`)
          .join(', ')}`,
      );
      expect(found).toEqual({ plans: [], plan: [], evaluate: [], subPlan: [], history: [], dashboard: [] });
    });
  }
});
