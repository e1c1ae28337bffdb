import { expect, test } from '@playwright/test';
import { PlanDetailPage } from '../pages/plan-pages.js';
import { planFixture } from '../support/plans-data.js';

/*
 * Issue 17, consent (ADR 0046): a child created without its parent's consent asks its owner for it on its pages; the
 * owner gives it on the child's Consent page, and can withdraw it there, once asked to confirm: the child's data can
 * then be read, and a trial scored is refused with why, on the screen that scored it.
 */
test.describe('consent to a child’s data, on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('asked of the owner, given on the Consent page, withdrawn after a confirmation: a trial is then refused with why', async ({
    page,
    request,
  }) => {
    const fixture = await planFixture(page, request);
    const detail = new PlanDetailPage(page);
    await detail.open(fixture.childId, fixture.planId);
    const asked = page.getByText('Avem nevoie de consimțământul dumneavoastră pentru datele acestui copil.');
    await expect(asked).toBeVisible();
    await page.getByRole('link', { name: 'Citiți și hotărâți' }).tap();
    await expect(page.getByRole('heading', { name: 'Consimțământ', exact: true })).toBeVisible();
    const state = page.getByTestId('consent-state');
    await expect(state).toHaveText('Consimțământul nu a fost dat încă.');

    await page.getByRole('button', { name: 'Sunt de acord' }).tap();
    await expect(page.locator(':focus')).toContainText('Consimțământul a fost înregistrat');
    await expect(state).toContainText('Consimțământ dat la');
    await expect(asked).toHaveCount(0);

    await page.getByRole('button', { name: 'Retrage consimțământul' }).tap();
    await expect(page.getByText('Retrageți consimțământul?')).toBeVisible();
    await page.getByRole('button', { name: 'Da, retrag consimțământul' }).tap();
    await expect(page.locator(':focus')).toContainText('Consimțământul a fost retras');
    await expect(state).toContainText('Consimțământ retras la');

    // Every page of the child says so; a trial scored is refused, said in its card, and not counted.
    await detail.open(fixture.childId, fixture.planId);
    const withdrawn =
      'Consimțământul pentru datele acestui copil a fost retras: datele pot fi citite, nu și completate sau schimbate';
    await expect(page.getByText(withdrawn).first()).toBeVisible();
    await detail.yes('Contact vizual').tap();
    await expect(detail.item('Contact vizual').getByRole('alert')).toContainText(withdrawn);
    await expect(detail.todayCount('Contact vizual')).toHaveText('Azi: 0');
    await expect(page.locator('html')).toHaveJSProperty('scrollWidth', 390);
  });
});
