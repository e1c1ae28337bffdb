import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { baseURL } from '../e2e-environment.js';
import { newAccount, type NewAccount } from '../pages/account-pages.js';
import { registerActiveAccount } from '../support/accounts.js';
import { apiAs, giveSubscription, licensedChild } from '../support/api.js';

/*
 * Issue 15: the session bar on the child pages and the child's session list, on a phone. A therapist starts a session
 * with one tap (a setting chosen beside it), scores trials, sees the minutes run, opens the list (the session is
 * running, with its trials) and ends it from the bar; a parent's trial opened a session by itself, and the list says
 * so; a session idle for 30 minutes has ended by itself. The list's date range refuses a start after its end.
 */
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

interface Team {
  parent: NewAccount;
  therapist: NewAccount;
  childId: string;
  itemId: string;
}

async function saved<T>(
  call: Promise<{ status(): number; text(): Promise<string>; json(): Promise<unknown> }>,
): Promise<T> {
  const response = await call;
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as T;
}

/** A parent's licensed child with a sub-plan of one item, and a therapist on its team. */
async function childWithTeam(request: APIRequestContext): Promise<Team> {
  const parent = newAccount('Sorina');
  const therapist = newAccount('Matei', { role: 'THERAPIST' });
  await registerActiveAccount(request, parent);
  await registerActiveAccount(request, therapist);
  await giveSubscription(parent.email, 1);
  const api = await apiAs(parent.email, parent.password);
  const childId = await licensedChild(api, 'Luca');
  const { id: subPlanId } = await saved<{ id: string }>(
    api.post(`/api/child/${childId}/sub-plan/create`, { data: { name: 'Imitație', description: 'Motorie' } }),
  );
  const { item } = await saved<{ item: { id: string } }>(
    api.post('/api/sub-plan-item/create', {
      data: { description: 'Bate din palme', sub_plan_id: subPlanId },
    }),
  );
  await saved(
    api.post(`/api/child/${childId}/helper/add?access_type=THERAPIST`, {
      data: { email: therapist.email, access_type: 'THERAPIST' },
    }),
  );
  await api.dispose();
  return { parent, therapist, childId, itemId: item.id };
}

/** Trials scored through the API, now or at `capturedAt` (a phone sending what it captured offline). */
async function scoreTrials(
  account: NewAccount,
  itemId: string,
  results: Array<'YES' | 'NO'>,
  capturedAt?: Date,
) {
  const api = await apiAs(account.email, account.password);
  for (const result of results) {
    const data = capturedAt ? { result, captured_at: capturedAt.toISOString() } : { result };
    await saved(api.post(`/api/sub-plan-item/${itemId}/evaluation/create`, { data }));
  }
  await api.dispose();
}

async function logIn(page: Page, account: NewAccount) {
  const login = await page.request.post('/api/login', {
    headers: { origin: baseURL },
    data: { email: account.email, password: account.password },
  });
  expect(login.status(), await login.text()).toBe(200);
}

test.describe('sessions', () => {
  test.use(PHONE);

  test('a therapist starts a session from the bar, scores trials, sees it run, ends it; the list shows it', async ({
    page,
    request,
  }) => {
    const team = await childWithTeam(request);
    // The parent scored before any session was started: that trial opened a session by itself. The therapist's trial
    // of two hours ago opened one too, which ended by itself after 30 idle minutes.
    await scoreTrials(team.parent, team.itemId, ['YES']);
    await scoreTrials(team.therapist, team.itemId, ['NO'], new Date(Date.now() - 2 * 60 * 60_000));

    await page.clock.install();
    await logIn(page, team.therapist);
    await page.goto(`/child/${team.childId}/sub-plan/list`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Luca Popescu');

    // One line under the child's name on a 390 px phone, nothing scrolling sideways; the lapsed session is not running.
    const bar = page.getByRole('group', { name: 'Sesiunea de lucru' });
    const start = bar.getByRole('button', { name: 'Începe sesiunea' });
    await expect(start).toBeVisible();
    await expect(bar.getByTestId('session-running')).toBeHidden();
    const setting = bar.getByRole('combobox', { name: 'Locul sesiunii (opțional)' });
    await expect(setting).toHaveValue('');
    expect((await bar.boundingBox())!.height).toBeLessThan(60);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // A start the server refuses says why, keeps the setting and starts on Retry.
    await setting.selectOption({ label: 'Acasă' });
    await page.route('**/session/start', (route) =>
      route.fulfill({ status: 403, json: { error: "You don't have access to this child" } }),
    );
    await start.click();
    const failure = page.getByRole('alert').filter({ hasText: 'Sesiunea nu a pornit' });
    await expect(failure).toBeVisible();
    await page.unroute('**/session/start');
    await failure.getByRole('button', { name: 'Reîncearcă' }).click();
    await expect(failure).toBeHidden();

    const running = bar.getByTestId('session-running');
    await expect(running).toHaveText('Sesiune în curs · sub 1 min');
    const end = bar.getByRole('button', { name: 'Încheie sesiunea' });
    await expect(end).toBeFocused();

    // Trials go into the running session; twelve minutes later the bar says so.
    await scoreTrials(team.therapist, team.itemId, ['YES', 'NO', 'YES']);
    await page.clock.fastForward('12:00');
    await expect(running).toHaveText('Sesiune în curs · 12 min');

    // The list, from the bar: the running session with its trials, the parent's one opened by a trial, the lapsed one.
    await bar.getByRole('link', { name: 'Sesiunile copilului' }).click();
    await expect(page).toHaveURL(new RegExp(`/child/${team.childId}/sessions$`));
    await expect(page.locator('main').getByRole('heading', { level: 2 })).toHaveText('Sesiuni');
    const cards = page.getByRole('list', { name: 'Sesiunile copilului' }).getByRole('listitem');
    await expect(cards).toHaveCount(3);
    const fact = (card: number, term: string) => cards.nth(card).locator(`dt:text-is("${term}") + dd`);
    await expect(cards.nth(0)).toContainText('În curs');
    await expect(fact(0, 'Persoana')).toHaveText(`${team.therapist.firstName} ${team.therapist.lastName}`);
    await expect(fact(0, 'Rol')).toHaveText('Terapeut');
    await expect(fact(0, 'Loc')).toHaveText('Acasă');
    await expect(fact(0, 'Încercări')).toHaveText('3');
    await expect(cards.nth(1)).toContainText('Pornită de o evaluare');
    await expect(fact(1, 'Persoana')).toHaveText(`${team.parent.firstName} ${team.parent.lastName}`);
    await expect(fact(1, 'Rol')).toHaveText('Părinte');
    await expect(fact(1, 'Încercări')).toHaveText('1');
    await expect(cards.nth(2)).not.toContainText('În curs');
    await expect(cards.nth(2)).toContainText('Pornită de o evaluare');
    await expect(fact(2, 'Persoana')).toHaveText(`${team.therapist.firstName} ${team.therapist.lastName}`);
    await expect(fact(2, 'Durată')).toHaveText('1 min');

    // Ended from the bar: the bar offers a new start and the list no longer says it runs. (The page's clock is set
    // back to the real time first: the end carries the phone's time, and one 12 minutes ahead would be taken as the
    // server's, which the durations below are not about.)
    await page.clock.setSystemTime(Date.now());
    await bar.getByRole('button', { name: 'Încheie sesiunea' }).click();
    await expect(start).toBeFocused();
    await expect(running).toBeHidden();
    await expect(cards.nth(0)).not.toContainText('În curs');
    await expect(fact(0, 'Încercări')).toHaveText('3');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test("a session started and ended offline runs in the bar at once, kept on the phone, and reaches the server at the phone's times", async ({
    page,
    request,
    context,
  }) => {
    const team = await childWithTeam(request);
    await logIn(page, team.therapist);
    await page.goto(`/child/${team.childId}/sub-plan/list`);
    const bar = page.getByRole('group', { name: 'Sesiunea de lucru' });
    const start = bar.getByRole('button', { name: 'Începe sesiunea' });
    await expect(start).toBeVisible();
    // Everything the page loads is in before the network goes (the app has no offline copy of its code yet): the
    // sub-plans remote has drawn its list (a loaded machine can pause longer than "network idle" waits before it asks).
    await expect(page.getByRole('main').getByRole('link', { name: 'Imitație', exact: true })).toBeVisible();
    await page.waitForLoadState('networkidle');

    await context.setOffline(true);
    await bar.getByRole('combobox', { name: 'Locul sesiunii (opțional)' }).selectOption({ label: 'Școală' });
    const startedAt = Date.now();
    await start.click();
    const running = bar.getByTestId('session-running');
    await expect(running).toHaveText(
      'Sesiune în curs · sub 1 min (păstrată pe acest telefon; se trimite când e conexiune)',
    );
    await expect(page.getByRole('alert')).toHaveCount(0);
    await bar.getByRole('button', { name: 'Încheie sesiunea' }).click();
    await expect(start).toBeVisible();
    await expect(running).toBeHidden();

    await context.setOffline(false);
    const therapist = await apiAs(team.therapist.email, team.therapist.password);
    await expect
      .poll(async () => {
        const response = await therapist.get(`/api/child/${team.childId}/session/list`);
        return ((await response.json()).sessions as { ended_at: string | null }[]).filter(
          (one) => one.ended_at,
        );
      })
      .toHaveLength(1);
    const { sessions } = await (await therapist.get(`/api/child/${team.childId}/session/list`)).json();
    await therapist.dispose();
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ setting: 'SCHOOL', implicit: false });
    expect(Date.parse(sessions[0].started_at)).toBeGreaterThanOrEqual(startedAt - 1_000);
    expect(Date.parse(sessions[0].started_at)).toBeLessThanOrEqual(startedAt + 5_000);
    await expect(start).toBeVisible();
  });

  test("the list's date range refuses a start after its end, and says when a period has no session", async ({
    page,
    request,
  }) => {
    const team = await childWithTeam(request);
    await scoreTrials(team.parent, team.itemId, ['YES', 'NO']);
    await logIn(page, team.parent);
    await page.goto(`/child/${team.childId}/sessions`);

    const cards = page.getByRole('list', { name: 'Sesiunile copilului' }).getByRole('listitem');
    await expect(cards).toHaveCount(1);
    const range = page.getByRole('group', { name: 'Perioada (zilele copilului)' });
    const from = range.getByLabel('De la');
    const to = range.getByLabel('Până la');

    await from.fill('2020-02-10');
    await to.fill('2020-02-01');
    const problem = page.getByText('Data de început nu poate fi după data de sfârșit');
    await expect(problem).toBeVisible();
    // The sessions of the last good range stay on screen.
    await expect(cards).toHaveCount(1);

    // On a wide screen the same sessions are a table.
    await page.setViewportSize({ width: 1280, height: 800 });
    const table = page.getByRole('table', { name: 'Sesiunile copilului' });
    await expect(table.getByRole('columnheader')).toHaveText([
      'Început',
      'Durată',
      'Persoana',
      'Rol',
      'Loc',
      'Încercări',
      'Comportamente',
    ]);
    await expect(table.getByRole('row').nth(1).getByRole('cell').nth(5)).toHaveText('2');
    await page.setViewportSize(PHONE.viewport);

    await to.fill('2020-02-28');
    await expect(problem).toBeHidden();
    await expect(page.getByText('Nicio sesiune în această perioadă.', { exact: false })).toBeVisible();
    await expect(cards).toHaveCount(0);
  });
});
