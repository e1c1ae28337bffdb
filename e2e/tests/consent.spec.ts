import { expect, test } from '@playwright/test';
import { CONSENT_VERSION } from '@aba/contracts/api';
import { PlanDetailPage } from '../pages/plan-pages.js';
import { apiAs } from '../support/api.js';
import { connectE2eDatabase } from '../support/database.js';
import { planFixture } from '../support/plans-data.js';

/*
 * Issue 17, consent (ADR 0046): a child created without its parent's consent asks its owner for it on its pages; the
 * owner gives it on the child's Consent page, and can withdraw it there, once asked to confirm: the child's data can
 * then be read, and a trial scored is refused with why, on the screen that scored it, and the owner is offered their
 * data and the child's deletion. Consent given to an earlier text is asked for again.
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
    // What the owner can do then: download their data, delete the child (where children are deleted).
    await expect(page.getByText('Puteți și să vă descărcați datele sau să ștergeți copilul:')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ștergeți copilul' })).toHaveAttribute('href', '/child/list');
    const download = page.getByRole('link', { name: 'Descărcați datele' });
    await expect(download).toHaveAttribute('href', '/account#my-data');
    expect((await download.boundingBox())?.height).toBeGreaterThanOrEqual(44);

    // Every page of the child says so; a trial scored is refused, said in its card, and not counted.
    await detail.open(fixture.childId, fixture.planId);
    const withdrawn =
      'Consimțământul pentru datele acestui copil a fost retras: datele pot fi citite, nu și completate sau schimbate';
    await expect(page.getByText(withdrawn).first()).toBeVisible();
    await detail.yes('Contact vizual').tap();
    await expect(detail.item('Contact vizual').getByRole('alert')).toContainText(withdrawn);
    await expect(detail.todayCount('Contact vizual')).toHaveText('Azi: 0');
    await expect(page.locator('html')).toHaveJSProperty('scrollWidth', 390);

    // The notice offers the same ways; the data's leads to "Datele mele" on the account page, with the focus.
    await page.getByRole('link', { name: 'Descărcați datele' }).tap();
    await expect(page).toHaveURL(/\/account#my-data$/);
    await expect(page.getByRole('region', { name: 'Datele mele', exact: true })).toBeFocused();
  });

  test('asked of the owner again when the text changed since it was given; agreed to anew on the Consent page', async ({
    page,
    request,
  }) => {
    const fixture = await planFixture(page, request);
    const api = await apiAs(fixture.parent.email, fixture.parent.password);
    const given = await api.post(`/api/child/${fixture.childId}/consent/give`, {
      data: { version: CONSENT_VERSION },
    });
    expect(given.status(), await given.text()).toBe(200);
    await api.dispose();
    // As if given to an earlier text.
    const client = await connectE2eDatabase();
    try {
      await client.query(`update "therapy"."child_consent" set "version" = '2020-01' where "child_id" = $1`, [
        fixture.childId,
      ]);
    } finally {
      await client.end();
    }

    const detail = new PlanDetailPage(page);
    await detail.open(fixture.childId, fixture.planId);
    const changed = page.getByText('Textul consimțământului s-a schimbat: citiți-l și confirmați-l din nou.');
    await expect(changed).toBeVisible();
    await page.getByRole('link', { name: 'Citiți și hotărâți' }).tap();
    const state = page.getByTestId('consent-state');
    await expect(state).toContainText('pentru versiunea 2020-01 a textului');
    await expect(page.getByRole('button', { name: 'Retrage consimțământul' })).toBeVisible();
    await page.getByRole('button', { name: 'Sunt de acord' }).tap();
    await expect(page.locator(':focus')).toContainText('Consimțământul a fost înregistrat');
    await expect(state).toContainText(`pentru versiunea ${CONSENT_VERSION} a textului`);
    await expect(changed).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Sunt de acord' })).toHaveCount(0);
  });
});
