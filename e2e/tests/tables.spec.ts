import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN_STATE, baseURL, WITHOUT_SERVICE_WORKER } from '../e2e-environment.js';
import { seedChildWorld, type ChildWorld } from '../support/child-world.js';

/**
 * Issue 13, point 8: at 390 px a table wider than its card says so ("more columns to the right"), keeps its first
 * column (what the row is) in place while it scrolls sideways, and every column, the last one included (Delete,
 * status), can be brought on screen.
 */
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const HINT = 'Mai multe coloane la dreapta';

async function expectWideTableUsable(page: Page, region: Locator) {
  await expect(region).toBeVisible();
  const table = region.locator('table');
  const firstCell = table.locator('tbody tr').first().locator('td, th').first();
  const lastHeader = table.locator('thead th').last();
  await expect(page.getByText(HINT).first()).toBeVisible();
  await expect(firstCell).toBeInViewport();
  await expect(lastHeader).not.toBeInViewport({ ratio: 0.9 });

  await region.evaluate((node) => node.scrollTo({ left: node.scrollWidth }));
  await expect(lastHeader).toBeInViewport({ ratio: 0.9 });
  // The first column stayed in place.
  await expect(firstCell).toBeInViewport();
  const box = await firstCell.boundingBox();
  const regionBox = await region.boundingBox();
  expect(Math.abs((box?.x ?? -1) - (regionBox?.x ?? -2))).toBeLessThan(4);
}

test.describe('wide tables on a phone', () => {
  let world: ChildWorld;

  test.beforeAll(async ({ playwright }) => {
    const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
    // A parent with a subscription (listed for the administrator) and a plan (listed for the parent).
    world = await seedChildWorld(request, 'Teodora');
    await request.dispose();
  });

  test("the administrator's users and subscriptions say there is more, keep their first column and reach the last", async ({
    browser,
  }) => {
    const context = await browser.newContext({
      ...PHONE,
      ...WITHOUT_SERVICE_WORKER,
      storageState: ADMIN_STATE,
    });
    const page = await context.newPage();
    await page.goto('/admin/users');
    await expectWideTableUsable(page, page.getByRole('region', { name: /Tabelul utilizatorilor/ }));
    await page.goto('/admin/subscriptions');
    await expectWideTableUsable(page, page.getByRole('region', { name: /Tabelul abonamentelor/ }));
    await context.close();
  });

  test("a child's plan list says there is more, keeps the plan's name and reaches its last column", async ({
    browser,
  }) => {
    const context = await browser.newContext({ ...PHONE, ...WITHOUT_SERVICE_WORKER, baseURL });
    const login = await context.request.post('/api/login', {
      headers: { origin: baseURL },
      data: { email: world.parent.email, password: world.parent.password },
    });
    expect(login.status(), await login.text()).toBe(200);
    const page = await context.newPage();
    await page.goto(`/child/${world.childId}/plan/list`);
    await expectWideTableUsable(
      page,
      page.getByRole('region', { name: 'Tabelul planurilor, derulează lateral' }),
    );
    await context.close();
  });
});
