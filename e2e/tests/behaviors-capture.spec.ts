import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { LoginPage, newAccount } from '../pages/account-pages.js';
import { BehaviorsPage } from '../pages/behaviors-page.js';
import { registerActiveAccount } from '../support/accounts.js';
import { apiAs, giveSubscription, licensedChild } from '../support/api.js';
import { seriousAxeViolations } from '../support/axe-page.js';
import { blindTap, failingUntilRestored, loseReply } from '../support/network.js';
import { measureTapTargets } from '../support/tap-targets.js';

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const BEHAVIOR_LOGS = '**/api/behavior/*/log';
const ABC_LOGS = '**/api/child/*/behavior-abc/log';

/** A parent with a licensed child that has two behaviours ("Aruncă obiecte" comes first by name), logged in. */
async function childWithBehaviors(page: Page, request: Parameters<typeof registerActiveAccount>[0]) {
  const parent = newAccount('Corina');
  await registerActiveAccount(request, parent);
  await giveSubscription(parent.email, 1);
  const api = await apiAs(parent.email, parent.password);
  const childId = await licensedChild(api, 'Radu');
  for (const name of ['Țipă', 'Aruncă obiecte']) {
    const created = await api.post(`/api/child/${childId}/behavior/create`, { data: { name } });
    expect(created.status(), await created.text()).toBe(201);
  }
  await api.dispose();
  const login = new LoginPage(page);
  await login.open();
  await login.logIn(parent.email, parent.password);
  await expect(page).not.toHaveURL(/\/login$/);
  const behaviors = new BehaviorsPage(page);
  await behaviors.open(childId);
  return { behaviors, childId, parent };
}

/** The child's behaviours open on `page`, none logged today, and `name` logged with no network: its card says it is kept. */
async function loggedOffline(page: Page, request: APIRequestContext, context: BrowserContext, name: string) {
  const { behaviors } = await childWithBehaviors(page, request);
  await expect(behaviors.todayCount(name)).toHaveText('Azi: 0');
  await context.setOffline(true);
  await behaviors.logButton(name).tap();
  const card = behaviors.row(name).getByRole('alert');
  await expect(card).toContainText('e păstrată pe acest telefon');
  return { behaviors, card };
}

/** The behaviour's card shows no unsent log and counts one today, and still one after a reload (the server's). */
async function countedOnce(page: Page, behaviors: BehaviorsPage, name: string) {
  await expect(behaviors.row(name).getByRole('alert')).toHaveCount(0);
  await expect(behaviors.todayCount(name)).toHaveText('Azi: 1');
  await page.reload();
  await expect(behaviors.todayCount(name)).toHaveText('Azi: 1');
}

test.describe('capturing behaviours on a phone: nothing lost, nothing doubled', () => {
  test.use(PHONE);

  test('a log tapped offline is kept on the phone: its card says it is not sent yet, with the focus; back online it is sent by itself, counted once', async ({
    page,
    request,
    context,
  }) => {
    const { behaviors, card: kept } = await loggedOffline(page, request, context, 'Țipă');
    await expect(kept).toContainText('NU a fost trimisă încă');
    await expect(page.locator(':focus')).toContainText('NU a fost trimisă încă');
    await expect(behaviors.todayCount('Țipă')).toHaveText('Azi: 0');

    await context.setOffline(false);
    await countedOnce(page, behaviors, 'Țipă');
  });

  test('logging out with a log kept on the phone asks first; the log stays and the next login of the same user sends it', async ({
    page,
    request,
    context,
  }) => {
    const { behaviors, childId, parent } = await childWithBehaviors(page, request);
    await context.setOffline(true);
    await behaviors.logButton('Țipă').tap();
    await expect(behaviors.row('Țipă').getByRole('alert')).toContainText('e păstrată pe acest telefon');
    // Back online but still unreachable for the logs, so the log waits on the phone when the user leaves.
    await page.route(BEHAVIOR_LOGS, (route) => route.abort('internetdisconnected'));
    await context.setOffline(false);

    await page.getByRole('button', { name: 'Meniu' }).tap();
    await page.getByRole('button', { name: 'Deconectare' }).tap();
    const question = page.getByRole('alertdialog', {
      name: 'Pe acest telefon sunt 1 înregistrări care nu au ajuns încă pe server',
    });
    await expect(question).toContainText('Nu se șterg');
    await question.getByRole('button', { name: 'Ieși oricum' }).tap();
    await expect(page).toHaveURL(/\/login$/);

    await page.unrouteAll({ behavior: 'wait' });
    await new LoginPage(page).logIn(parent.email, parent.password);
    await expect(page).not.toHaveURL(/\/login$/);
    // Back in, the phone sends what it kept for this user: the server's count has it once the page reads it again.
    await behaviors.open(childId);
    await expect(async () => {
      await page.reload();
      await expect(behaviors.todayCount('Țipă')).toBeVisible({ timeout: 10_000 });
      await expect(behaviors.todayCount('Țipă')).toHaveText('Azi: 1', { timeout: 2_000 });
    }).toPass({ timeout: 45_000 });
  });

  test('a log kept on the phone that the server refuses when it is sent later says in its card that it was NOT saved and why; Retry saves it', async ({
    page,
    request,
    context,
  }) => {
    const { behaviors, card } = await loggedOffline(page, request, context, 'Țipă');

    await page.route(BEHAVIOR_LOGS, (route) =>
      route.fulfill({ status: 403, json: { error: "You don't have access to this child" } }),
    );
    await context.setOffline(false);
    // Sent when the page hears it is online, or at the outbox's next periodic flush (30 s) should that first send
    // still meet the emulated network down (seen once on a loaded machine).
    await expect(card).toContainText('NU a fost salvată și nu este numărată (Nu aveți acces la acest copil', {
      timeout: 40_000,
    });
    await expect(card).not.toContainText('se trimite singură');

    await page.unroute(BEHAVIOR_LOGS);
    await card.getByRole('button', { name: 'Salvează din nou înregistrarea comportamentului Țipă' }).tap();
    await countedOnce(page, behaviors, 'Țipă');
  });

  test('a log that fails is taken back from the count, says in its card that it was NOT sent, with the focus, and Retry saves it', async ({
    page,
    request,
  }) => {
    const { behaviors } = await childWithBehaviors(page, request);
    await expect(behaviors.todayCount('Țipă')).toHaveText('Azi: 0');
    const network = await failingUntilRestored(page, BEHAVIOR_LOGS);
    await behaviors.logButton('Țipă').tap();

    const unsaved = behaviors.row('Țipă').getByRole('alert');
    await expect(unsaved).toContainText('NU a fost trimisă încă');
    await expect(behaviors.todayCount('Țipă')).toHaveText('Azi: 0');
    await expect(unsaved).toBeInViewport();
    await expect(page.locator(':focus')).toContainText('NU a fost trimisă încă');
    // The other behaviour is untouched.
    await expect(behaviors.row('Aruncă obiecte').getByRole('alert')).toHaveCount(0);

    network.restore();
    await unsaved.getByRole('button', { name: 'Salvează din nou înregistrarea comportamentului Țipă' }).tap();
    await expect(behaviors.row('Țipă').getByRole('alert')).toHaveCount(0);
    await expect(behaviors.todayCount('Țipă')).toHaveText('Azi: 1');
    // Saved once, on the server.
    await page.reload();
    await expect(behaviors.todayCount('Țipă')).toHaveText('Azi: 1');
  });

  test('a log the server saved whose reply was lost counts once: the outbox sends the same tap again', async ({
    page,
    request,
    context,
  }) => {
    const { behaviors } = await childWithBehaviors(page, request);
    await expect(behaviors.todayCount('Țipă')).toHaveText('Azi: 0');
    // The request reaches the server and is saved there; its reply never reaches the phone.
    await page.route(BEHAVIOR_LOGS, loseReply);
    await behaviors.logButton('Țipă').tap();
    await expect(behaviors.row('Țipă').getByRole('alert')).toContainText('NU a fost trimisă încă');

    // A send the outbox started meanwhile finishes under the same rule before the connection comes back.
    await page.unrouteAll({ behavior: 'wait' });
    // The connection comes back: the kept tap goes again with its own id, and the server keeps the one it has.
    await context.setOffline(true);
    await context.setOffline(false);
    await countedOnce(page, behaviors, 'Țipă');
  });

  test('an ABC entry saved offline is kept on the phone, frees the form, and reaches the server once back online', async ({
    page,
    request,
    context,
  }) => {
    const { behaviors } = await childWithBehaviors(page, request);
    const { antecedent, consequence } = await behaviors.chooseFirstAbc();
    await context.setOffline(true);
    await behaviors.saveAbc.tap();
    await expect(
      page.getByText('Intrarea ABC pentru „Aruncă obiecte” e păstrată pe acest telefon').first(),
    ).toBeVisible();
    await expect(behaviors.antecedents.getByRole('button', { name: antecedent })).toHaveAttribute(
      'aria-pressed',
      'false',
    );

    await context.setOffline(false);
    await expect(
      page
        .getByText('Intrarea ABC pentru „Aruncă obiecte”, păstrată pe telefon, a ajuns acum pe server.')
        .first(),
    ).toBeVisible();
    await expect(
      behaviors
        .abcLog('Aruncă obiecte')
        .getByRole('row')
        .filter({ hasText: antecedent })
        .filter({ hasText: consequence }),
    ).toHaveCount(1);
    await expect(behaviors.todayCount('Aruncă obiecte')).toHaveText('Azi: 1');
    await page.reload();
    await expect(behaviors.todayCount('Aruncă obiecte')).toHaveText('Azi: 1');
  });

  test('an ABC entry the server refuses says beside Save that it was NOT saved, keeps both choices, and Retry saves it', async ({
    page,
    request,
  }) => {
    const { behaviors } = await childWithBehaviors(page, request);
    const { antecedent, consequence } = await behaviors.chooseFirstAbc();
    // A refusal (here the access, taken back for a moment) is not kept on the device: the form keeps the entry.
    await page.route(ABC_LOGS, (route) =>
      route.fulfill({ status: 403, json: { error: "You don't have access to this child" } }),
    );
    await behaviors.saveAbc.tap();

    const error = page
      .getByRole('alert')
      .filter({ hasText: 'Intrarea ABC pentru „Aruncă obiecte” NU a fost salvată' });
    await expect(error).toBeVisible();
    await expect(error).toBeInViewport();
    await expect(page.locator(':focus')).toContainText('NU a fost salvată');
    await expect(behaviors.antecedents.getByRole('button', { name: antecedent })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(behaviors.consequences.getByRole('button', { name: consequence })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(behaviors.abcLog('Aruncă obiecte')).toHaveCount(0);

    await page.unroute(ABC_LOGS);
    await error.getByRole('button', { name: 'Reîncearcă' }).tap();
    await expect(
      page.getByText('Intrarea ABC a fost salvată și numărată ca o apariție a „Aruncă obiecte”.').first(),
    ).toBeVisible();
    await expect(error).toHaveCount(0);
    await expect(
      behaviors
        .abcLog('Aruncă obiecte')
        .getByRole('row')
        .filter({ hasText: antecedent })
        .filter({ hasText: consequence }),
    ).toHaveCount(1);
    // Saved: the form is ready for the next entry, and the entry counted one occurrence.
    await expect(behaviors.antecedents.getByRole('button', { name: antecedent })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await expect(behaviors.todayCount('Aruncă obiecte')).toHaveText('Azi: 1');
  });

  test('the ABC picker selects the behaviour just logged, and its entry completes that occurrence instead of counting it twice', async ({
    page,
    request,
  }) => {
    const { behaviors } = await childWithBehaviors(page, request);
    await expect(behaviors.abcBehaviorSelect.locator('option:checked')).toHaveText('Aruncă obiecte');
    // A choice begun for the other behaviour is kept for when the picker comes back to it.
    await expect(behaviors.antecedents.getByRole('button').nth(1)).toBeVisible();
    const begun = behaviors.antecedents.getByRole('button').first();
    const begunText = (await begun.textContent())!.trim();
    await begun.tap();
    await behaviors.logButton('Țipă').tap();
    await expect(behaviors.abcBehaviorSelect.locator('option:checked')).toHaveText('Țipă');
    await expect(behaviors.todayCount('Țipă')).toHaveText('Azi: 1');

    await behaviors.chooseFirstAbc();
    await behaviors.saveAbc.tap();
    await expect(
      page
        .getByText(
          /^Intrarea ABC a fost salvată pentru apariția înregistrată la \d\d\/\d\d\/\d{4}, \d\d:\d\d\.$/,
        )
        .first(),
    ).toBeVisible();
    await expect(behaviors.abcLog('Țipă').getByRole('row')).toHaveCount(2);
    await expect(behaviors.todayCount('Țipă')).toHaveText('Azi: 1');

    // A second entry with no tap of its own is an occurrence of its own.
    await behaviors.chooseFirstAbc();
    await behaviors.saveAbc.tap();
    await expect(
      page.getByText('Intrarea ABC a fost salvată și numărată ca o apariție a „Țipă”.').first(),
    ).toBeVisible();
    await expect(behaviors.todayCount('Țipă')).toHaveText('Azi: 2');
    await expect(behaviors.abcLog('Țipă').getByRole('row')).toHaveCount(3);

    await behaviors.abcBehaviorSelect.selectOption({ label: 'Aruncă obiecte' });
    await expect(behaviors.antecedents.getByRole('button', { name: begunText })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  test('two taps on Log 120 ms apart ask whether it was two occurrences, and count what the answer says', async ({
    page,
    request,
  }) => {
    const { behaviors } = await childWithBehaviors(page, request);
    const log = behaviors.logButton('Aruncă obiecte');
    // A finger's taps on the Log button's spot, whatever the page is busy drawing after the one before.
    await log.scrollIntoViewIfNeeded();
    const box = (await log.boundingBox())!;
    const tapLog = () => blindTap(page, box);
    await tapLog();
    await page.waitForTimeout(120);
    await tapLog();
    const dialog = behaviors.doubleTapDialog;
    await expect(dialog).toContainText('Prima apăsare este înregistrată');
    await dialog.getByRole('button', { name: 'Nu, a fost una' }).tap();
    await expect(dialog).toHaveCount(0);
    // A tap right after the answer is judged from the answer: asked again. "No" counted nothing, "Yes" counts one.
    await tapLog();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Da, au fost două' }).tap();
    await expect(behaviors.todayCount('Aruncă obiecte')).toHaveText('Azi: 2');

    // A tap a while later is simply logged.
    await page.waitForTimeout(2_100);
    await log.tap();
    await expect(behaviors.todayCount('Aruncă obiecte')).toHaveText('Azi: 3');
    await expect(dialog).toHaveCount(0);
    await page.reload();
    await expect(behaviors.todayCount('Aruncă obiecte')).toHaveText('Azi: 3');
  });

  test("at 390 px each behaviour's Log and Delete are on screen, and every capture target is at least 44 × 44 px, 8 px apart", async ({
    page,
    request,
  }) => {
    const { behaviors } = await childWithBehaviors(page, request);
    for (const name of ['Aruncă obiecte', 'Țipă']) {
      for (const button of [behaviors.logButton(name), behaviors.deleteButton(name)]) {
        await button.scrollIntoViewIfNeeded();
        await expect(button).toBeInViewport({ ratio: 1 });
        const box = (await button.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(390);
      }
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // Every kind of capture target on screen at once: an unsaved log's Retry and Dismiss, the ABC choices with
    // "Other" and its text field, Save.
    await page.route(BEHAVIOR_LOGS, (route) => route.abort('internetdisconnected'));
    await behaviors.logButton('Țipă').tap();
    await expect(behaviors.row('Țipă').getByRole('alert')).toBeVisible();
    await behaviors.antecedents.getByRole('button', { name: 'Altceva' }).tap();
    await expect(page.getByRole('textbox', { name: 'Alt antecedent' })).toBeVisible();
    const report = await measureTapTargets(behaviors.content);
    test.info().annotations.push({ type: 'tap targets at 390 px', description: JSON.stringify(report) });
    console.log(`behaviour capture, 390 px: ${JSON.stringify(report)}`);
    expect(report.count).toBeGreaterThan(20);
    expect(Math.min(report.smallest.width, report.smallest.height)).toBeGreaterThanOrEqual(44);
    expect(report.closest.gap).toBeGreaterThanOrEqual(8);
  });
});

test.describe('behaviour screens have no serious or critical accessibility violation', () => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    test(`at ${viewport.width} px`, async ({ page, request }) => {
      // Two pages, each checked by axe-core.
      test.slow();
      await page.setViewportSize(viewport);
      const { behaviors, childId } = await childWithBehaviors(page, request);
      await behaviors.logButton('Țipă').click();
      await expect(behaviors.todayCount('Țipă')).toHaveText('Azi: 1');
      const list = await seriousAxeViolations(behaviors.content);
      const behaviorId = (await behaviors
        .row('Țipă')
        .getByRole('link', { name: 'Țipă' })
        .getAttribute('href'))!
        .split('/')
        .pop();
      await page.goto(`/child/${childId}/behavior/${behaviorId}`);
      await expect(page.locator('.highcharts-data-label text').last()).toHaveText(/^1(\u200b1)?$/, {
        timeout: 10_000,
      });
      const detail = await seriousAxeViolations(
        page
          .locator('main section')
          .filter({ has: page.getByRole('heading', { name: 'Frecvența pe zile' }) })
          .last(),
      );
      console.log(`axe ${viewport.width} px: behaviours ${list.length}, behaviour detail ${detail.length}`);
      expect({ list, detail }).toEqual({ list: [], detail: [] });
    });
  }
});
