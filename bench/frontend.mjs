// The front end in Chromium, against the started system with the seeded data:
// - JS per route: the gzip size of every script the browser fetches for one route, from a fresh page load in a
//   fresh browser context (empty cache), until the network is idle and then quiet for 2 s more (lazy chunks a route
//   loads by itself, like the chart library on the dashboard, count). Each body is gzipped here at the default level,
//   so the figure does not depend on how the gateway compresses. /login is measured logged out; the others logged in
//   (the parent; the administrator for /admin/users).
// - Chart time: on /child/{id}/dashboard of the heavy child (once its 30-day chart is up), the period "all" (two
//   years of daily data) is chosen and the time from the end of the evaluations response (Resource Timing's
//   responseEnd) to the first animation frame in which every day's column of the YES series is in the DOM
//   (`.highcharts-series-0 .highcharts-point`, checked every frame) is measured in the page; median of 3 page
//   loads. That covers parsing the JSON, building the series, rendering React and Highcharts; the columns then grow
//   in a 1-s animation, which is not counted (the chart is drawn and usable when it starts).
// - Progress graph time: the item progress page of an item with two years of daily sessions (bench/mastery.mjs),
//   from the end of its progress response to the frame in which the counted sessions' line is drawn; median of 3.
/* global window, document, requestAnimationFrame, caches -- used in functions that run in the page (page.evaluate) */
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright';

/** Chromium as the e2e suite launches it (Debian's, no sandbox, no background traffic). */
export const LAUNCH = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
const CHART_TRIES = 3;
/** How long no request may start before a route's scripts count as all fetched (after "networkidle"). */
const SETTLE_MS = 2_000;

// The service worker is measured on its own (serviceWorkerSize): elsewhere it is blocked, so its first install
// (the whole app downloaded in the background) does not run under the timings.
const NO_SERVICE_WORKER = { serviceWorkers: 'block' };

async function loggedInContext(browser, system, credentials) {
  const context = await browser.newContext({ timezoneId: 'UTC', locale: 'en-GB', ...NO_SERVICE_WORKER });
  const response = await context.request.post(`${system.origin}/api/login`, {
    data: credentials,
    headers: { origin: system.origin },
  });
  if (response.status() !== 200) throw new Error(`login in the browser → ${response.status()}`);
  return context;
}

/** Files and gzip KB of the JavaScript a fresh page at `url` fetches until the network is idle. */
export async function scriptsOf(context, url) {
  const page = await context.newPage();
  const scripts = new Map();
  const reads = [];
  let requests = 0;
  page.on('request', () => (requests += 1));
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    reads.push(
      response.body().then(
        (body) => scripts.set(response.url(), gzipSync(body).length),
        () => {
          // a response without a body (redirect, failed) adds nothing
        },
      ),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
  // "networkidle" is 500 ms without a request, which a busy CPU reaches while it is still running the scripts that
  // will ask for the route's lazy chunks: the page counts as settled after a further quiet stretch.
  const settleBy = Date.now() + 20_000;
  let seen;
  do {
    seen = requests;
    await page.waitForTimeout(SETTLE_MS);
  } while (requests !== seen && Date.now() < settleBy);
  // Bodies still being read when the page closed were lost (a route once counted 2 of its 21 files).
  await Promise.all(reads);
  await page.close();
  const total = [...scripts.values()].reduce((sum, size) => sum + size, 0);
  return { files: scripts.size, kb: Number((total / 1024).toFixed(1)) };
}

/**
 * What the service worker adds to /login: its script, which the browser fetches once the page has loaded (the
 * page's own registration code is in the JS per route), and what its install then keeps in the background: the
 * shell's precached files and the remotes' files, gzip.
 */
export async function serviceWorkerSize(browser, origin) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/login`, { waitUntil: 'networkidle', timeout: 60_000 });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 60_000,
    });
    const script = await (await fetch(`${origin}/sw.js`)).arrayBuffer();
    const kept = await page.evaluate(async () => {
      const urls = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
      }
      return urls;
    });
    let keptBytes = 0;
    for (const url of kept) keptBytes += gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer())).length;
    return {
      'script gzip KB': Number((gzipSync(Buffer.from(script)).length / 1024).toFixed(1)),
      'kept files': kept.length,
      'kept gzip KB': Number((keptBytes / 1024).toFixed(0)),
    };
  } finally {
    await context.close();
  }
}

/** Days (YYYY-MM-DD, UTC) with at least one evaluation of the child: the columns the chart must draw. */
async function daysWithData(data) {
  const { evaluations } = await data.parent.expect(
    200,
    'GET',
    `/api/child/${data.heavy.childId}/evaluations`,
  );
  return { days: new Set(evaluations.map((e) => e.date.slice(0, 10))).size, points: evaluations.length };
}

async function chartTime(context, system, data, expectedDays) {
  const page = await context.newPage();
  try {
    await page.goto(`${system.origin}/child/${data.heavy.childId}/dashboard`, {
      waitUntil: 'networkidle',
      timeout: 60_000,
    });
    await page.locator('.highcharts-series-0 .highcharts-point').first().waitFor({ timeout: 30_000 });
    await page.evaluate((days) => {
      performance.setResourceTimingBufferSize(10_000);
      window.__benchChart = new Promise((resolve) => {
        const chosen = performance.now();
        const check = () => {
          const drawn = document.querySelectorAll('.highcharts-series-0 .highcharts-point').length;
          if (drawn < days) return requestAnimationFrame(check);
          const at = performance.now();
          const response = performance
            .getEntriesByType('resource')
            .filter((entry) => entry.name.includes('/evaluations') && !entry.name.includes('from='))
            .at(-1);
          resolve({
            fromResponse: response ? at - response.responseEnd : null,
            fromChoice: at - chosen,
            drawn,
          });
        };
        requestAnimationFrame(check);
      });
    }, expectedDays);
    // The period select is the one offering "all" (value "null").
    await page.locator('select', { has: page.locator('option[value="null"]') }).selectOption('null');
    return await page.evaluate(() =>
      Promise.race([
        window.__benchChart,
        new Promise((_, fail) =>
          setTimeout(() => fail(new Error('the chart was not drawn in 30 s')), 30_000),
        ),
      ]),
    );
  } finally {
    await page.close();
  }
}

/**
 * The item progress page of the two-year item (bench/mastery.mjs) loaded afresh: from the end of the progress
 * response to the first animation frame in which the counted sessions' line is in the DOM (Highcharts draws a series
 * whole; with 730 points its markers are left out as too dense, so the line is what shows).
 */
async function progressGraphTime(context, system, item) {
  const page = await context.newPage();
  try {
    await page.addInitScript(() => {
      window.__benchGraph = new Promise((resolve) => {
        const check = () => {
          const line = document.querySelector('.highcharts-series-0 path.highcharts-graph');
          if (!line?.getAttribute('d')) return requestAnimationFrame(check);
          const at = performance.now();
          const response = performance
            .getEntriesByType('resource')
            .filter((entry) => entry.name.includes('/progress'))
            .at(-1);
          resolve({ fromResponse: response ? at - response.responseEnd : null });
        };
        requestAnimationFrame(check);
      });
    });
    await page.goto(`${system.origin}/child/${item.childId}/item/${item.itemId}`, { timeout: 60_000 });
    return await page.evaluate(() =>
      Promise.race([
        window.__benchGraph,
        new Promise((_, fail) =>
          setTimeout(() => fail(new Error('the graph was not drawn in 30 s')), 30_000),
        ),
      ]),
    );
  } finally {
    await page.close();
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** `masteryItem` (`{ childId, itemId }`, optional): the two-year item whose progress graph is timed too. */
export async function measureFrontend(system, data, log = console.log, masteryItem = null) {
  const browser = await chromium.launch(LAUNCH);
  try {
    const parentCredentials = { email: 'bench.parent0@aba-bench.test', password: 'Bench-parola-2026' };
    const routes = [
      ['/login', null],
      [`/child/${data.heavy.childId}/plan/list`, parentCredentials],
      [`/child/${data.heavy.childId}/dashboard`, parentCredentials],
      ['/billing', parentCredentials],
      ['/admin/users', system.admin],
    ];
    const js = [];
    for (const [route, credentials] of routes) {
      const context = credentials
        ? await loggedInContext(browser, system, credentials)
        : await browser.newContext(NO_SERVICE_WORKER);
      try {
        js.push({
          route: route.replace(data.heavy.childId, '{id}'),
          ...(await scriptsOf(context, `${system.origin}${route}`)),
        });
      } finally {
        await context.close();
      }
    }
    const login = js[0].kb;
    for (const row of js.slice(1)) row['added KB'] = Number((row.kb - login).toFixed(1));
    log(`  front end: JS per route measured (${js.map((r) => `${r.route} ${r.kb} KB`).join(', ')})`);
    const serviceWorker = await serviceWorkerSize(browser, system.origin);
    log(`  front end: service worker ${JSON.stringify(serviceWorker)}`);

    const { days, points } = await daysWithData(data);
    const context = await loggedInContext(browser, system, parentCredentials);
    const tries = [];
    try {
      for (let i = 0; i < CHART_TRIES; i++) tries.push(await chartTime(context, system, data, days));
    } finally {
      await context.close();
    }
    if (tries.some((t) => t.fromResponse === null))
      throw new Error('the evaluations response was not seen by Resource Timing');
    const sorted = tries.map((t) => t.fromResponse).sort((a, b) => a - b);
    const chart = {
      days,
      evaluations: points,
      'median ms': Number(sorted[Math.floor(sorted.length / 2)].toFixed(0)),
      'tries ms': tries.map((t) => Number(t.fromResponse.toFixed(0))),
      'choice to drawn ms': tries.map((t) => Number(t.fromChoice.toFixed(0))),
    };
    log(
      `  front end: chart of ${days} days (${points} evaluations) drawn in ${chart['tries ms'].join(' / ')} ms`,
    );
    // A graph that cannot be measured is reported without losing the figures above.
    const progressGraph = masteryItem
      ? await measureProgressGraph(browser, system, data, masteryItem, log).catch((error) => ({
          error: error.message,
        }))
      : null;
    return { js, serviceWorker, chart, progressGraph };
  } finally {
    await browser.close();
  }
}

async function measureProgressGraph(browser, system, data, item, log) {
  const { points } = await data.parent.expect(200, 'GET', `/api/sub-plan-item/${item.itemId}/progress`);
  const context = await loggedInContext(browser, system, {
    email: 'bench.parent0@aba-bench.test',
    password: 'Bench-parola-2026',
  });
  const tries = [];
  try {
    for (let i = 0; i < CHART_TRIES; i++) tries.push(await progressGraphTime(context, system, item));
  } finally {
    await context.close();
  }
  if (tries.some((t) => t.fromResponse === null))
    throw new Error('the progress response was not seen by Resource Timing');
  const ms = tries.map((t) => Number(t.fromResponse.toFixed(0)));
  log(`  front end: progress graph of ${points.length} sessions drawn in ${ms.join(' / ')} ms`);
  return { sessions: points.length, 'median ms': median(ms), 'tries ms': ms };
}
