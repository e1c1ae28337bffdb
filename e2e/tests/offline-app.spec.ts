import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { BehaviorsPage } from '../pages/behaviors-page.js';
import { PlanDetailPage } from '../pages/plan-pages.js';
import { ShellPage } from '../pages/shell-page.js';
import { apiAs } from '../support/api.js';
import {
  evaluateThroughApi,
  planFixture,
  serverEvaluations,
  type PlanFixture,
} from '../support/plans-data.js';

/*
 * Issue 16, "Installable app" (ADR 0039): the manifest and the service worker, the app and the child pages opened
 * with no network from what the phone kept, and a new version offered, never forced. The other specs block service
 * workers (page.route cannot see what one fetches); this one lets it in.
 */
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const BUILT_SERVICE_WORKER = fileURLToPath(new URL('../../shell/dist/sw.js', import.meta.url));

/** Waits until the service worker has installed (shell precached, remotes kept) and runs this page. */
async function runByServiceWorker(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
}

/** Waits until the worker keeps a copy of the child pages for the logged-in user. */
async function keepsReadsForUser(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('aba-reads-')).length),
    )
    .toBe(1);
}

/** A parent logged in with the service worker running, and their plan opened online: the phone keeps its copy. */
async function planKeptOnPhone(page: Page, request: APIRequestContext) {
  const fixture = await planFixture(page, request);
  const detail = new PlanDetailPage(page);
  await runByServiceWorker(page);
  await keepsReadsForUser(page);
  await detail.open(fixture.childId, fixture.planId);
  await expect(detail.todayCount('Contact vizual')).toHaveText('Azi: 0');
  await page.waitForLoadState('networkidle');
  return { fixture, detail };
}

/** The paths of the reads the phone keeps a copy of for the logged-in user. */
function copiedPaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of (await caches.keys()).filter((kept) => kept.startsWith('aba-reads-'))) {
      for (const key of await (await caches.open(name)).keys()) paths.push(new URL(key.url).pathname);
    }
    return paths;
  });
}

/** Moves the dates of the user's kept copies `minutes` back, as that much time passing would. */
async function ageCopies(page: Page, minutes: number) {
  await page.evaluate(async (ms) => {
    for (const name of (await caches.keys()).filter((kept) => kept.startsWith('aba-reads-'))) {
      const cache = await caches.open(name);
      for (const key of await cache.keys()) {
        const copy = (await cache.match(key))!;
        const headers = new Headers(copy.headers);
        headers.set('Date', new Date(Date.parse(copy.headers.get('Date')!) - ms).toUTCString());
        await cache.put(key, new Response(await copy.blob(), { status: copy.status, headers }));
      }
    }
  }, minutes * 60_000);
}

/** How old, in minutes, the oldest of the user's kept copies is. */
function oldestCopyMinutes(page: Page): Promise<number> {
  return page.evaluate(async () => {
    let oldest = Date.now();
    for (const name of (await caches.keys()).filter((kept) => kept.startsWith('aba-reads-'))) {
      const cache = await caches.open(name);
      for (const copy of await cache.matchAll())
        oldest = Math.min(oldest, Date.parse(copy.headers.get('Date')!));
    }
    return (Date.now() - oldest) / 60_000;
  });
}

test.describe('the installable app', () => {
  test.use({ ...PHONE, serviceWorkers: 'allow' });

  test('has a Romanian web app manifest with its icons, and a service worker at /sw.js that is never cached stale', async ({
    page,
    request,
  }) => {
    const manifest = await request.get('/manifest.webmanifest');
    expect(manifest.status()).toBe(200);
    expect(manifest.headers()['content-type']).toContain('application/manifest+json');
    const body = (await manifest.json()) as Record<string, unknown> & {
      icons: Array<{ src: string; sizes: string }>;
    };
    expect(body).toMatchObject({ short_name: 'ABA Tracker', lang: 'ro', display: 'standalone', scope: '/' });
    expect(String(body.name)).toContain('terapie ABA');
    expect(body.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of body.icons) {
      const image = await request.get(icon.src);
      expect(image.status(), icon.src).toBe(200);
      expect(image.headers()['content-type']).toBe('image/png');
    }

    const worker = await request.get('/sw.js');
    expect(worker.status()).toBe(200);
    expect(worker.headers()['content-type']).toContain('javascript');
    expect(worker.headers()['cache-control']).toBe('no-cache');
    expect(await worker.text()).toContain('index.html');

    await page.goto('/login');
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    await runByServiceWorker(page);
    // Installed from /login, it already keeps every remote (its entry and texts), not only the pages opened so far.
    const kept = await page.evaluate(async () => {
      const remotes = (await (await caches.match('/remotes.json'))?.json()) as Record<string, string>;
      const report: Record<string, { manifest: boolean; entry: boolean; texts: boolean }> = {};
      for (const [name, location] of Object.entries(remotes)) {
        const manifest = await caches.match(location);
        const entry = (
          (await manifest?.clone().json()) as { metaData: { remoteEntry: { name: string } } } | undefined
        )?.metaData.remoteEntry.name;
        report[name] = {
          manifest: manifest !== undefined,
          entry:
            entry !== undefined &&
            (await caches.match(new URL(entry, new URL(location, origin)).href)) !== undefined,
          texts: (await caches.match(`/locales/ro/${name}.json`)) !== undefined,
        };
      }
      return report;
    });
    const everything = { manifest: true, entry: true, texts: true };
    expect(kept).toEqual({
      plans: everything,
      behaviors: everything,
      billing: everything,
      admin: everything,
    });
  });

  test('a logged-in user opens the app and a child page with no network, from the copy kept on the phone, says how old it is, and what they tap offline reaches the server once back online', async ({
    page,
    request,
    context,
  }) => {
    const { fixture, detail } = await planKeptOnPhone(page, request);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('radiogroup', { name: 'Afișează itemii' })).toBeVisible();
    await expect(detail.item('Contact vizual')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Fără legătură cu serverul' })).toContainText(
      'vedeți copia păstrată pe acest telefon, din',
    );
    await detail.yes('Contact vizual').tap();
    await expect(detail.item('Contact vizual').getByRole('alert')).toContainText(
      'E păstrat pe acest telefon',
    );

    // Closed and opened again, still with no network: the app, the page and the kept answer are all there.
    const url = page.url();
    await page.close();
    const reopened = await context.newPage();
    await reopened.goto(url);
    await expect(reopened.getByRole('radiogroup', { name: 'Afișează itemii' })).toBeVisible();
    const badge = new ShellPage(reopened).outboxBadge(1);
    await expect(badge).toHaveText('1');

    await context.setOffline(false);
    await expect
      .poll(() => serverEvaluations(fixture, fixture.items['Contact vizual']), { timeout: 20_000 })
      .toHaveLength(1);
    await expect(badge).toHaveCount(0, { timeout: 15_000 });
    await expect(reopened.getByRole('status').filter({ hasText: 'Fără legătură cu serverul' })).toHaveCount(
      0,
      {
        timeout: 15_000,
      },
    );

    // Logging out forgets the copy: whoever logs in next on this phone cannot read this child's pages.
    await reopened.getByRole('button', { name: 'Meniu' }).tap();
    await reopened
      .getByRole('navigation', { name: 'Navigare principală' })
      .getByRole('button', { name: 'Deconectare' })
      .tap();
    await expect(reopened).toHaveURL(/\/login$/);
    await expect
      .poll(() =>
        reopened.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('aba-reads-'))),
      )
      .toEqual([]);
  });

  test('a child page opened before is kept fresh while online: offline it shows what the team recorded since', async ({
    page,
    request,
    context,
  }) => {
    const { fixture, detail } = await planKeptOnPhone(page, request);
    await page.goto('/child/list');

    // Another member of the team scores while this phone shows another page; ten minutes later the app starts again.
    await evaluateThroughApi(fixture, fixture.items['Contact vizual'], ['YES']);
    await ageCopies(page, 11);
    await page.reload();
    await expect.poll(() => oldestCopyMinutes(page), { timeout: 20_000 }).toBeLessThan(10);

    await context.setOffline(true);
    await detail.open(fixture.childId, fixture.planId);
    await expect(page.getByRole('status').filter({ hasText: 'Fără legătură cu serverul' })).toBeVisible();
    await expect(detail.todayCount('Contact vizual')).toHaveText('Azi: 1');
    await expect(detail.history('Contact vizual').getByRole('button', { name: /^Da, / })).toHaveCount(1);
  });

  test('a report downloaded is never kept on the phone, and one an older worker kept is dropped, never made again', async ({
    page,
    request,
  }) => {
    const { fixture } = await planKeptOnPhone(page, request);
    await page.goto(`/child/${fixture.childId}/reports`);
    const downloaded = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Descarcă raportul (PDF)' }).tap();
    await downloaded;
    await page.goto(`/child/${fixture.childId}/plan/${fixture.planId}`);
    await expect.poll(() => copiedPaths(page)).toContain(`/api/child/${fixture.childId}`);
    // The page's settings are kept (it opens offline); the PDF is not.
    expect(await copiedPaths(page)).toContain(`/api/child/${fixture.childId}/report/settings`);
    expect((await copiedPaths(page)).filter((path) => path.endsWith('/report/parent'))).toEqual([]);

    // A PDF an older worker kept, as it kept every answer: the refresh drops it instead of making it again.
    const reportPath = `/api/child/${fixture.childId}/report/parent`;
    await page.evaluate(async (path) => {
      const name = (await caches.keys()).find((kept) => kept.startsWith('aba-reads-'))!;
      await (
        await caches.open(name)
      ).put(
        new URL(path, location.origin).href,
        new Response('%PDF-1.7', {
          headers: { 'Content-Type': 'application/pdf', Date: new Date().toUTCString() },
        }),
      );
    }, reportPath);
    expect(await copiedPaths(page)).toContain(reportPath);

    await ageCopies(page, 11);
    await page.reload();
    await expect.poll(() => oldestCopyMinutes(page), { timeout: 20_000 }).toBeLessThan(10);
    await expect.poll(() => copiedPaths(page)).not.toContain(reportPath);
    const api = await apiAs(fixture.parent.email, fixture.parent.password);
    const trail = await api.get(`/api/child/${fixture.childId}/audit?kind=REPORT_GENERATED`);
    expect((await trail.json()).total).toBe(1);
  });

  test("every child on the user's team is kept for offline, opened on this phone or not: a plan never opened here opens with no network", async ({
    page,
    request,
    context,
  }) => {
    const fixture = await planFixture(page, request);
    await runByServiceWorker(page);
    await keepsReadsForUser(page);
    expect(new URL(page.url()).pathname).not.toContain(fixture.planId);
    await expect
      .poll(() => copiedPaths(page), { timeout: 30_000 })
      .toEqual(
        expect.arrayContaining([
          `/api/child/${fixture.childId}/plan/${fixture.planId}/detailed-view`,
          `/api/child/${fixture.childId}/sub-plan/${fixture.subPlanId}/detailed-view`,
          `/api/child/${fixture.childId}/behavior/list`,
        ]),
      );

    await context.setOffline(true);
    const detail = new PlanDetailPage(page);
    await detail.open(fixture.childId, fixture.planId);
    await expect(detail.item('Contact vizual')).toBeVisible();
    await expect(detail.item('Cere apă')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Fără legătură cu serverul' })).toBeVisible();
  });

  test('a new version is offered while the app runs and loads only when the user asks', async ({ page }) => {
    await page.goto('/login');
    await runByServiceWorker(page);
    const email = page.getByRole('textbox', { name: 'E-mail', exact: true });
    const built = await readFile(BUILT_SERVICE_WORKER, 'utf8');
    try {
      await writeFile(BUILT_SERVICE_WORKER, `${built}\n// e2e: a new version was deployed\n`);
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
      const prompt = page.getByRole('status').filter({ hasText: 'Este gata o versiune nouă a aplicației' });
      await expect(prompt).toBeVisible({ timeout: 30_000 });
      // Nothing reloads by itself: the page keeps what the user typed.
      await email.fill('ana@example.ro');
      await page.waitForTimeout(1_000);
      await expect(email).toHaveValue('ana@example.ro');

      await prompt.getByRole('button', { name: 'Reîncarcă acum' }).tap();
      await expect(prompt).toHaveCount(0);
      await expect(email).toHaveValue('');
      expect(
        await page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return {
            waiting: registration?.waiting ?? null,
            controlled: navigator.serviceWorker.controller !== null,
          };
        }),
      ).toEqual({ waiting: null, controlled: true });
    } finally {
      await writeFile(BUILT_SERVICE_WORKER, built);
    }
  });

  test('when the storage is full the phone stops keeping copies of the child pages, deletes them and says so, and still records', async ({
    page,
    request,
    context,
    baseURL,
  }) => {
    const fixture = await planFixture(page, request);
    await runByServiceWorker(page);
    await keepsReadsForUser(page);
    // The browser grants this site only what it already uses: the next copy the worker keeps does not fit.
    const browser = await context.newCDPSession(page);
    const origin = new URL(baseURL!).origin;
    const { usage } = (await browser.send('Storage.getUsageAndQuota', { origin })) as { usage: number };
    await browser.send('Storage.overrideQuotaForOrigin', { origin, quotaSize: Math.ceil(usage) + 1024 });

    const detail = new PlanDetailPage(page);
    await detail.open(fixture.childId, fixture.planId);
    await expect(
      page.getByRole('alert').filter({ hasText: 'paginile copilului nu mai sunt păstrate' }),
    ).toBeVisible();
    await expect
      .poll(() =>
        page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('aba-reads-'))),
      )
      .toEqual([]);
    await detail.yes('Contact vizual').tap();
    await expect(detail.todayCount('Contact vizual')).toHaveText('Azi: 1');
    await expect.poll(() => serverEvaluations(fixture, fixture.items['Contact vizual'])).toHaveLength(1);
  });

  test('63 records captured offline (50 trials, 10 logs, 3 ABC entries), through two reloads, a closed page and a network flapping for 20 s, reach the server exactly once each, at their capture times', async ({
    page,
    request,
    context,
  }) => {
    test.setTimeout(240_000);
    const fixture = await planFixture(page, request);
    const behaviorIds = await createBehaviors(fixture, ['Țipă', 'Aruncă obiecte', 'Lovește']);
    const detail = new PlanDetailPage(page);
    const behaviors = new BehaviorsPage(page);
    await runByServiceWorker(page);
    await keepsReadsForUser(page);
    // Both pages read once online, so the phone keeps their copy.
    await behaviors.open(fixture.childId);
    await behaviors.chooseFirstAbc();
    await detail.open(fixture.childId, fixture.planId);
    await page.waitForLoadState('networkidle');
    const badge = new ShellPage(page).outboxBadge();

    await context.setOffline(true);
    const offlineFrom = Date.now();
    const items = ['Contact vizual', 'Cere apă'];
    for (let trial = 1; trial <= 50; trial++) {
      const item = items[trial % 2];
      await (trial % 3 === 0 ? detail.no(item) : detail.yes(item)).click();
      await expect(badge).toHaveText(String(trial));
      // Two taps on one item closer than 300 ms are one tap doubled (ADR 0017): the items alternate, at a human pace.
      await page.waitForTimeout(160);
    }

    await page.reload();
    await behaviors.open(fixture.childId);
    for (let log = 1; log <= 10; log++) {
      // A second tap on one behaviour within 2 s asks whether it was a second occurrence: the two alternate.
      await behaviors.logButton(log % 2 ? 'Țipă' : 'Aruncă obiecte').click();
      await expect(badge).toHaveText(String(50 + log));
      await page.waitForTimeout(1_050);
    }
    for (let entry = 1; entry <= 3; entry++) {
      await behaviors.abcBehaviorSelect.selectOption({ label: 'Lovește' });
      await behaviors.chooseFirstAbc();
      await behaviors.saveAbc.click();
      await expect(badge).toHaveText(String(60 + entry));
    }
    const offlineTo = Date.now();
    await page.reload();
    await expect(badge).toHaveText('63');
    const url = page.url();
    await page.close();
    const reopened = await context.newPage();
    await reopened.goto(url);
    const reopenedBadge = new ShellPage(reopened).outboxBadge();
    await expect(reopenedBadge).toHaveText('63');

    // Back in range of a network that comes and goes every 2 s for 20 s, then stays.
    for (let flap = 0; flap < 10; flap++) {
      await context.setOffline(flap % 2 === 1);
      await reopened.waitForTimeout(2_000);
    }
    await context.setOffline(false);
    await expect(reopenedBadge).toHaveCount(0, { timeout: 60_000 });

    const trials = [
      ...(await serverEvaluations(fixture, fixture.items['Contact vizual'])),
      ...(await serverEvaluations(fixture, fixture.items['Cere apă'])),
    ];
    expect(trials).toHaveLength(50);
    expect(trials.filter((trial) => trial.result === 'NO')).toHaveLength(16);
    expect(new Set(trials.map((trial) => trial.id)).size).toBe(50);
    const api = await apiAs(fixture.parent.email, fixture.parent.password);
    const occurrences = async (behaviorId: string) => {
      const response = await api.get(`/api/behavior/${behaviorId}`);
      expect(response.status()).toBe(200);
      return ((await response.json()) as { behavior_tracking: Array<{ date_logged: string }> })
        .behavior_tracking;
    };
    const logs = [
      ...(await occurrences(behaviorIds['Țipă'])),
      ...(await occurrences(behaviorIds['Aruncă obiecte'])),
    ];
    expect(logs).toHaveLength(10);
    const abc = await api.get(`/api/child/${fixture.childId}/behavior-abc/${behaviorIds['Lovește']}/list`);
    const entries = ((await abc.json()) as { abc: Array<{ date: string }> }).abc;
    expect(entries).toHaveLength(3);
    expect(await occurrences(behaviorIds['Lovește'])).toHaveLength(3);
    await api.dispose();
    // Each at the time it was captured on the phone, not when it arrived.
    for (const captured of [...trials.map((trial) => trial.date), ...logs.map((log) => log.date_logged)]) {
      expect(Date.parse(captured)).toBeGreaterThanOrEqual(offlineFrom - 1_000);
      expect(Date.parse(captured)).toBeLessThanOrEqual(offlineTo + 1_000);
    }

    // The plan's counts (what the chart is drawn from) are the server's: 25 trials of each item today.
    const plan = new PlanDetailPage(reopened);
    await plan.open(fixture.childId, fixture.planId);
    await expect(plan.todayCount('Contact vizual')).toHaveText('Azi: 25');
    await expect(plan.todayCount('Cere apă')).toHaveText('Azi: 25');
  });
});

/** Behaviours of the fixture child, by name → id. */
async function createBehaviors(fixture: PlanFixture, names: string[]): Promise<Record<string, string>> {
  const api = await apiAs(fixture.parent.email, fixture.parent.password);
  const ids: Record<string, string> = {};
  for (const name of names) {
    const created = await api.post(`/api/child/${fixture.childId}/behavior/create`, { data: { name } });
    expect(created.status(), await created.text()).toBe(201);
    ids[name] = ((await created.json()) as { behavior: { id: string } }).behavior.id;
  }
  await api.dispose();
  return ids;
}
