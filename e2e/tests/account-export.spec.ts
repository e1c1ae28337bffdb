import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { ACCOUNT_EXPORT_FILE_NAME, AccountExportMessages } from '@aba/contracts/api';
import { strFromU8, unzipSync } from 'fflate';
import { MyAccountPage } from '../pages/my-account-page.js';
import { planFixture } from '../support/plans-data.js';

/*
 * Issue 17, "Descarcă datele mele" (GDPR Art 15 and 20, ADR 0048): on /account the parent downloads a ZIP of their
 * data, gathered by identity from each service's part: a README, a JSON document per service and a CSV per table,
 * their child among the rows. While it is gathered the button says so; a refusal is said in the page, translated.
 */
const PHONE = { viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true } as const;

test.describe('downloading my data, on a phone', () => {
  test.use(PHONE);

  test('the button gathers the ZIP (busy meanwhile) and saves it: README, a JSON per service, the child in therapy/children.csv', async ({
    page,
    request,
  }, testInfo) => {
    const fixture = await planFixture(page, request);
    const account = new MyAccountPage(page);
    await account.open();
    await expect(account.exportSection).toContainText('în fișiere JSON și CSV, împreună cu un fișier README');
    await expect(account.downloadButton).toHaveText('Descarcă datele mele');
    const box = await account.downloadButton.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(44);

    // The answer is held until the busy state was seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/account/export', async (route) => {
      await held;
      await route.continue();
    });
    const downloaded = page.waitForEvent('download');
    await account.downloadButton.tap();
    await expect(account.downloadButton).toHaveText('Se pregătesc datele…');
    await expect(account.downloadButton).toHaveAttribute('aria-disabled', 'true');
    release();
    const download = await downloaded;
    expect(download.suggestedFilename()).toBe(ACCOUNT_EXPORT_FILE_NAME);
    await expect(page.locator(':focus')).toContainText('Arhiva a fost descărcată.');
    await expect(account.downloadButton).toHaveText('Descarcă datele mele');

    const path = testInfo.outputPath(ACCOUNT_EXPORT_FILE_NAME);
    await download.saveAs(path);
    const files = unzipSync(new Uint8Array(await readFile(path)));
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining([
        'README.txt',
        'identity.json',
        'therapy.json',
        'billing.json',
        'therapy/children.csv',
      ]),
    );
    const children = strFromU8(files['therapy/children.csv']);
    expect(children).toContain(fixture.childId);
    expect(children).toContain('Matei');
    expect(children).toContain('Popescu');
    expect(strFromU8(files['identity.json'])).toContain(fixture.parent.email);
    await expect(page.locator('html')).toHaveJSProperty('scrollWidth', 375);
  });

  test('a refusal is said in the page, translated, with the focus', async ({ page, request }) => {
    await planFixture(page, request);
    const account = new MyAccountPage(page);
    await account.open();
    await page.route('**/api/account/export', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: AccountExportMessages.partUnavailable }),
      }),
    );
    await account.downloadButton.tap();
    const refused =
      'Datele dumneavoastră nu au putut fi adunate acum. Vă rugăm să încercați din nou peste câteva minute.';
    await expect(account.exportSection.getByRole('alert')).toHaveText(refused);
    await expect(page.locator(':focus')).toContainText(refused);
    await expect(account.downloadButton).toHaveText('Descarcă datele mele');
  });
});
