import { expect, test } from '@playwright/test';
import { LoginPage, newAccount } from '../pages/account-pages.js';
import { BehaviorsPage } from '../pages/behaviors-page.js';
import { registerActiveAccount } from '../support/accounts.js';
import { apiAs, giveSubscription, licensedChild } from '../support/api.js';

test.describe('behaviours and ABC data, on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('create a behaviour, log it three times, chart today at 3, record ABC entries', async ({ page, request }) => {
    const parent = newAccount('Irina');
    await registerActiveAccount(request, parent);
    await giveSubscription(parent.email, 1);
    const api = await apiAs(parent.email, parent.password);
    const childId = await licensedChild(api, 'Petru');
    await api.dispose();

    const login = new LoginPage(page);
    await login.open();
    await login.logIn(parent.email, parent.password);
    await expect(page).not.toHaveURL(/\/login$/);

    const behaviors = new BehaviorsPage(page);
    await behaviors.open(childId);
    await behaviors.createBehavior('Lovește');

    const log = behaviors.logButton('Lovește');
    const toast = page.getByText('Comportament înregistrat: Lovește');
    for (let i = 1; i <= 3; i++) {
      await log.click();
      await expect(toast.first()).toBeVisible();
      await expect(behaviors.todayCount('Lovește')).toHaveText(`Azi: ${i}`);
      // Taps seconds apart are separate occurrences, never asked about.
      await expect(behaviors.doubleTapDialog).toHaveCount(0);
      await page.waitForTimeout(2_000);
    }
    // The toast hides by itself (1000 ms plus Fluent's enter and exit animations).
    await expect(toast).toHaveCount(0, { timeout: 5_000 });

    // ABC: Save stays disabled until both sides are chosen.
    const save = page.getByRole('button', { name: 'Salvează' });
    await expect(save).toHaveAttribute('aria-disabled', 'true');
    await expect(page.getByText('Vă rugăm să selectați antecedentul și consecința')).toBeVisible();
    const antecedents = page.getByRole('group', { name: 'Antecedent' });
    const consequences = page.getByRole('group', { name: 'Consecință' });
    const firstAntecedent = antecedents.getByRole('button').first();
    const antecedentText = (await firstAntecedent.textContent())!.trim();
    await firstAntecedent.click();
    await expect(save).toHaveAttribute('aria-disabled', 'true');
    const firstConsequence = consequences.getByRole('button').first();
    const consequenceText = (await firstConsequence.textContent())!.trim();
    await firstConsequence.click();
    await expect(save).not.toHaveAttribute('aria-disabled', 'true');
    await save.click();
    const abcLog = page.getByRole('table', { name: 'Jurnalul ABC pentru Lovește' });
    await expect(abcLog.getByRole('row').filter({ hasText: antecedentText }).filter({ hasText: consequenceText })).toHaveCount(1);
    // The last log was more than two seconds ago but within five minutes: the entry completes it, not counted again.
    await expect(behaviors.todayCount('Lovește')).toHaveText('Azi: 3');

    // One with "Other" text on both sides.
    await antecedents.getByRole('button', { name: 'Altceva' }).click();
    await page.getByRole('textbox', { name: 'Alt antecedent' }).fill('A primit o tabletă mai veche');
    await expect(save).toHaveAttribute('aria-disabled', 'true');
    await consequences.getByRole('button', { name: 'Altceva' }).click();
    await page.getByRole('textbox', { name: 'Altă consecință' }).fill('S-a liniștit singur');
    await save.click();
    await expect(abcLog.getByRole('row').filter({ hasText: 'A primit o tabletă mai veche' }).filter({ hasText: 'S-a liniștit singur' })).toHaveCount(1);
    await expect(behaviors.todayCount('Lovește')).toHaveText('Azi: 3');

    await behaviors.row('Lovește').getByRole('link', { name: 'Lovește' }).click();
    await expect(page.locator('main').getByRole('heading', { name: 'Frecvența pe zile' })).toBeVisible();
    // Highcharts labels each column with its count (the label's text is drawn twice: outline and fill); today's
    // column reads 3: the two ABC entries completed the last two taps' occurrences instead of adding to them.
    await expect(page.locator('.highcharts-data-label text').last()).toHaveText(/^3(\u200b3)?$/, { timeout: 10_000 });
  });

  test("a behaviour's name is text in its chart, never HTML", async ({ page, request }) => {
    const parent = newAccount('Ilie');
    await registerActiveAccount(request, parent);
    await giveSubscription(parent.email, 1);
    const api = await apiAs(parent.email, parent.password);
    const childId = await licensedChild(api, 'Sara');
    const name = '<img src=x onerror="document.title=1"><b>Țipă</b>';
    const created = await api.post(`/api/child/${childId}/behavior/create`, { data: { name } });
    expect(created.status(), await created.text()).toBe(201);
    const { behavior } = (await created.json()) as { behavior: { id: string } };
    expect((await api.post(`/api/behavior/${behavior.id}/log`)).status()).toBe(201);
    await api.dispose();

    const login = new LoginPage(page);
    await login.open();
    await login.logIn(parent.email, parent.password);
    await expect(page).not.toHaveURL(/\/login$/);
    await page.goto(`/child/${childId}/behavior/${behavior.id}`);
    await expect(page.locator('main').getByRole('heading', { level: 2, name })).toBeVisible();
    // The chart's screen-reader section carries the description with the name, as typed.
    const screenReaderSection = page.locator('[id^="highcharts-screen-reader-region-before-"]');
    await expect(screenReaderSection).toContainText(`„${name}”`, { timeout: 10_000 });
    await expect(screenReaderSection.locator('b, img')).toHaveCount(0);
    await expect(page.locator('main img[src="x"]')).toHaveCount(0);
  });
});
