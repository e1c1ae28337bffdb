import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { ChildExportMessages, ReportSettingsMessages } from '@aba/contracts/api';
import ExcelJS from 'exceljs';
import { strFromU8, unzipSync } from 'fflate';
import { extractText, getDocumentProxy } from 'unpdf';
import { backdateEvaluations, evaluateThroughApi, planFixture } from '../support/plans-data.js';

/*
 * Issue 18, "Rapoarte" in the child's menu: the parent progress report as PDF, and the child's data as spreadsheets
 * for a period of the child's days, CSV for Excel in Romanian (";" and a decimal comma) or XLSX, in Romanian or
 * English. The ZIP the browser saves holds a README and a file per data set; the trials in it are the ones of the
 * period. The PDF is read back as text, page by page.
 */
const PHONE = { viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true } as const;

test.describe('reports: the child’s data for Excel', () => {
  test.use(PHONE);

  test('on a phone: the last 30 days as CSV in Romanian, then everything as XLSX in English', async ({
    page,
    request,
  }, testInfo) => {
    const fixture = await planFixture(page, request);
    const itemId = fixture.items['Contact vizual'];
    const [old, recent] = await evaluateThroughApi(fixture, itemId, ['NO', 'YES']);
    await backdateEvaluations([{ id: old, daysAgo: 45 }]);

    await page.getByRole('button', { name: 'Meniu' }).tap();
    await page.getByRole('link', { name: 'Rapoarte', exact: true }).tap();
    await expect(page).toHaveURL(new RegExp(`/child/${fixture.childId}/reports$`));
    await expect(page.getByRole('heading', { name: 'Datele pentru Excel' })).toBeVisible();
    await expect(page.getByRole('radio', { name: /^CSV/ })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'Română' })).toBeChecked();

    const downloaded = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Descarcă datele' }).tap();
    const csv = await downloaded;
    expect(csv.suggestedFilename()).toMatch(
      /^aba-date-matei-din-\d{4}-\d{2}-\d{2}-pana-la-\d{4}-\d{2}-\d{2}\.zip$/,
    );
    await expect(page.locator(':focus')).toContainText('Datele au fost descărcate.');
    const csvPath = testInfo.outputPath('csv.zip');
    await csv.saveAs(csvPath);
    const csvFiles = unzipSync(new Uint8Array(await readFile(csvPath)));
    expect(Object.keys(csvFiles)).toEqual([
      'README.txt',
      'trials.csv',
      'sessions.csv',
      'status-changes.csv',
      'behavior-logs.csv',
      'abc-entries.csv',
    ]);
    const trials = strFromU8(csvFiles['trials.csv']);
    expect(trials.split('\r\n')[0]).toMatch(/^\uFEFF?ID încercare;ID sesiune;/);
    expect(trials).toContain(recent);
    expect(trials).not.toContain(old);
    expect(trials).toContain(';Contact vizual;DA;');

    // Everything, as XLSX in English: both trials, the older first.
    await page.getByLabel('De la').fill('');
    await page.getByRole('radio', { name: 'Excel (XLSX)' }).check();
    await page.getByRole('radio', { name: 'English' }).check();
    const everything = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Descarcă datele' }).tap();
    const xlsxPath = testInfo.outputPath('xlsx.zip');
    await (await everything).saveAs(xlsxPath);
    const xlsxFiles = unzipSync(new Uint8Array(await readFile(xlsxPath)));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(xlsxFiles['trials.xlsx']) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Trials');
    expect(sheet?.getRow(1).getCell(1).value).toBe('Trial ID');
    expect([sheet?.getRow(2).getCell(1).value, sheet?.getRow(3).getCell(1).value]).toEqual([old, recent]);
    expect([sheet?.getRow(2).getCell(13).value, sheet?.getRow(3).getCell(13).value]).toEqual(['NO', 'YES']);
    expect(strFromU8(xlsxFiles['README.txt'])).toContain("Matei Popescu's data");
    await expect(page.locator('html')).toHaveJSProperty('scrollWidth', 375);
  });

  test('on a phone: the parent progress report in plain Romanian words, then the clinician report, as PDFs', async ({
    page,
    request,
  }, testInfo) => {
    const fixture = await planFixture(page, request);
    await evaluateThroughApi(fixture, fixture.items['Contact vizual'], ['NO', 'YES', 'YES', 'YES', 'YES']);
    await page.goto(`/child/${fixture.childId}/reports`);
    await expect(page.getByRole('heading', { name: 'Raport de progres pentru părinți' })).toBeVisible();

    const downloaded = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Descarcă raportul (PDF)' }).tap();
    const pdf = await downloaded;
    expect(pdf.suggestedFilename()).toMatch(
      /^raport-progres-matei-din-\d{4}-\d{2}-\d{2}-pana-la-\d{4}-\d{2}-\d{2}\.pdf$/,
    );
    await expect(page.locator(':focus')).toContainText('Raportul a fost descărcat.');
    const path = testInfo.outputPath('report.pdf');
    await pdf.saveAs(path);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(await readFile(path))), {
      mergePages: false,
    });
    const pages = text.map((pageText) => pageText.replace(/\s+/g, ' '));
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('Cum progresează Matei');
    expect(pages[0]).toContain('În lucru: 2 lucruri.');
    expect(pages[1]).toContain('Comunicare');
    expect(pages[1]).toContain('Din planul: Plan de toamnă');
    // Five tries today, four right: 8 of 10.
    expect(pages[1]).toContain('În această perioadă: 8 din 10 răspunsuri corecte.');
    expect(pages[1]).toContain('S-a lucrat în 1 zi, cu 5 încercări.');
    expect(pages[1]).toMatch(/Generat de Ioana Testescu pe .+ · Pagina 2 din 2/);

    // The clinician report of the same period: the session, each item's status and criterion (a parent's trials are not
    // counted by the platform's criterion: no level yet), and the signature lines.
    const clinician = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Descarcă raportul clinic (PDF)' }).tap();
    const clinicianPdf = await clinician;
    expect(clinicianPdf.suggestedFilename()).toMatch(/^raport-clinic-matei-din-.+\.pdf$/);
    await expect(page.locator(':focus')).toContainText('Raportul clinic a fost descărcat.');
    const clinicianPath = testInfo.outputPath('clinician.pdf');
    await clinicianPdf.saveAs(clinicianPath);
    const clinicianText = (
      await extractText(await getDocumentProxy(new Uint8Array(await readFile(clinicianPath))), {
        mergePages: true,
      })
    ).text.replace(/\s+/g, ' ');
    expect(clinicianText).toContain('Raport clinic: Matei');
    expect(clinicianText).toContain('1 sesiune în perioadă');
    expect(clinicianText).toContain(
      'Contact vizual În învățare — — ≥ 80 % în 3 sesiuni la rând, min. 5 încercări',
    );
    expect(clinicianText).toContain('Părinte sau tutore');
  });

  test("on a phone: the owner puts the clinic's name and logo on the clinician report and orders its sections", async ({
    page,
    request,
  }, testInfo) => {
    const fixture = await planFixture(page, request);
    await page.goto(`/child/${fixture.childId}/reports`);
    const heading = page.getByRole('form', { name: 'Antetul și ordinea raportului clinic' });
    await expect(heading.getByText('Niciun logo')).toBeVisible();
    const logoInput = heading.getByLabel('Alege un logo');

    // Not an image the report can draw: said under the field before anything is sent.
    await logoInput.setInputFiles({ name: 'logo.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await expect(
      heading.getByText('Logo-ul trebuie să fie o imagine PNG sau JPEG.', { exact: false }),
    ).toBeVisible();

    await logoInput.setInputFiles(new URL('../../infra/demo/clinic-logo.png', import.meta.url).pathname);
    await expect(
      heading.getByRole('img', { name: 'Logo-ul ales: clinic-logo.png (încă nesalvat)' }),
    ).toBeVisible();
    await heading.getByLabel('Numele clinicii').fill('Centrul Rază de Soare');

    // Behaviours first, with the keyboard: the focus stays with the section moved.
    await heading.getByRole('button', { name: 'Mută „Comportamente” mai sus' }).focus();
    await page.keyboard.press('Enter');
    await expect(heading.getByRole('button', { name: 'Mută „Comportamente” mai sus' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(heading.getByRole('button', { name: 'Mută „Comportamente” mai jos' })).toBeFocused();
    await expect(heading.getByRole('listitem')).toHaveText(['1. Comportamente', '2. Sesiuni', '3. Itemi']);

    // A refusal of the server about the logo is said under it; nothing typed is lost.
    await page.route('**/report/settings', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({ error: ReportSettingsMessages.logoSize }),
          })
        : route.continue(),
    );
    await heading.getByRole('button', { name: 'Salvează antetul și ordinea' }).tap();
    await expect(
      heading.getByText('Fiecare latură a logo-ului trebuie să aibă între 16 și 4000 de pixeli'),
    ).toBeVisible();
    await expect(heading.getByLabel('Numele clinicii')).toHaveValue('Centrul Rază de Soare');
    await page.unroute('**/report/settings');

    await heading.getByRole('button', { name: 'Salvează antetul și ordinea' }).tap();
    await expect(heading.getByRole('status')).toContainText('Antetul și ordinea raportului au fost salvate');
    const savedLogo = heading.getByRole('img', { name: 'Logo-ul clinicii' });
    await expect(savedLogo).toBeVisible();
    await expect.poll(() => savedLogo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(300);
    await expect(page.locator('html')).toHaveJSProperty('scrollWidth', 375);

    const downloaded = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Descarcă raportul clinic (PDF)' }).tap();
    const path = testInfo.outputPath('clinician.pdf');
    await (await downloaded).saveAs(path);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(await readFile(path))), {
      mergePages: false,
    });
    for (const pageText of text) expect(pageText).toContain('Centrul Rază de Soare');
    const all = text.join(' ').replace(/\s+/g, ' ');
    const [behaviors, sessions, items] = [' Comportamente ', ' Sesiuni ', ' Itemi '].map((title) =>
      all.indexOf(title),
    );
    expect(behaviors).toBeGreaterThan(0);
    expect(sessions).toBeGreaterThan(behaviors);
    expect(items).toBeGreaterThan(sessions);
  });

  test('a period that ends before it starts is said under the day, and nothing is asked', async ({
    page,
    request,
  }) => {
    const fixture = await planFixture(page, request);
    let asked = 0;
    await page.route('**/export?**', (route) => {
      asked++;
      return route.continue();
    });
    await page.goto(`/child/${fixture.childId}/reports`);
    await page.getByLabel('De la').fill('2026-05-10');
    await page.getByLabel('Până la').fill('2026-05-01');
    await expect(page.getByText('Data de început nu poate fi după data de sfârșit')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Descarcă datele' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    // Focusable while disabled (it says why next to it): a tap on it does nothing.
    await page.getByRole('button', { name: 'Descarcă datele' }).tap({ force: true });
    expect(asked).toBe(0);

    // A refusal of the server is said beside the button, translated.
    await page.getByLabel('Până la').fill('2026-05-31');
    await page.route('**/export?**', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ error: ChildExportMessages.formatInvalid }),
      }),
    );
    await page.getByRole('button', { name: 'Descarcă datele' }).tap();
    await expect(page.getByRole('alert')).toContainText('Alegeți formatul fișierului: csv sau xlsx');
  });
});
