import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { ADMIN_STATE, baseURL, WITHOUT_SERVICE_WORKER } from '../e2e-environment.js';
import { pageViolations, type PageViolation } from '../support/axe-page.js';
import { seedChildWorld, type ChildWorld } from '../support/child-world.js';
import { Mailbox } from '../support/mailbox.js';

/**
 * Issue 13, point 14: axe-core on every route of the app, at a phone's 390 × 844 (touch) and a laptop's 1280 × 800,
 * in Romanian and English: no serious or critical violation anywhere. Each finding names the route and whose screen
 * it is (the shell or a remote). The two languages of a size are audited side by side (two browser contexts), which
 * keeps the audit's time within the suite's budget on two cores.
 */

type Who = 'visitor' | 'parent' | 'admin';

interface RouteCheck {
  /** A name for the report. */
  name: string;
  who: Who;
  path: (world: World) => string;
  /** Something that is on screen once the page has loaded its data. */
  ready: (page: Page) => Locator;
}

interface World extends ChildWorld {
  inviteToken: string;
  resetToken: string;
}

const main = (page: Page) => page.locator('main');
const heading = (page: Page) => main(page).getByRole('heading', { level: 1 });
const child = (world: World, rest: string) => `/child/${world.childId}/${rest}`;

const ROUTES: RouteCheck[] = [
  { name: 'landing', who: 'visitor', path: () => '/', ready: heading },
  { name: 'terms', who: 'visitor', path: () => '/terms', ready: heading },
  { name: 'not found', who: 'visitor', path: () => '/nu-exista', ready: heading },
  {
    name: 'login',
    who: 'visitor',
    path: () => '/login',
    ready: (page) => main(page).getByRole('button').first(),
  },
  {
    name: 'register',
    who: 'visitor',
    path: () => '/register',
    ready: (page) => main(page).getByRole('combobox'),
  },
  {
    name: 'register with an invite',
    who: 'visitor',
    path: (world) => `/register/${world.inviteToken}`,
    ready: (page) => main(page).getByRole('combobox'),
  },
  {
    name: 'register with an invalid invite',
    who: 'visitor',
    path: () => '/register/not-an-invite',
    ready: (page) => main(page).getByRole('alert'),
  },
  {
    name: 'reset password',
    who: 'visitor',
    path: () => '/reset-password',
    ready: (page) => main(page).getByRole('textbox'),
  },
  {
    name: 'set a new password',
    who: 'visitor',
    path: (world) => `/token/reset-password/${world.resetToken}`,
    ready: (page) => main(page).getByRole('textbox').nth(1),
  },
  {
    name: 'activation link (invalid)',
    who: 'visitor',
    path: () => '/token/activate-user/not-a-token',
    ready: (page) => main(page).getByRole('alert'),
  },
  {
    name: 'e-mail confirmation link (invalid)',
    who: 'visitor',
    path: () => '/token/confirm-email/not-a-token',
    ready: (page) => main(page).getByRole('alert'),
  },
  {
    name: 'children',
    who: 'parent',
    path: () => '/child/list',
    ready: (page) => main(page).getByRole('group').first(),
  },
  {
    name: 'add child',
    who: 'parent',
    path: () => '/child/create',
    ready: (page) => main(page).getByRole('textbox').first(),
  },
  {
    name: 'outbox',
    who: 'parent',
    path: () => '/outbox',
    ready: heading,
  },
  {
    name: 'my account',
    who: 'parent',
    path: () => '/account',
    ready: (page) => main(page).getByRole('radiogroup'),
  },
  {
    name: 'dashboard',
    who: 'parent',
    path: (w) => child(w, 'dashboard'),
    ready: (page) => page.locator('.highcharts-root'),
  },
  {
    name: 'plans',
    who: 'parent',
    path: (w) => child(w, 'plan/list'),
    ready: (page) => main(page).getByRole('link', { name: 'Plan de toamnă', exact: true }),
  },
  {
    name: 'new plan',
    who: 'parent',
    path: (w) => child(w, 'plan/create'),
    ready: (page) => main(page).getByRole('textbox').first(),
  },
  {
    name: 'plan',
    who: 'parent',
    path: (w) => child(w, `plan/${w.planId}`),
    ready: (page) => main(page).getByText('Contact vizual la chemarea numelui').first(),
  },
  {
    name: 'edit plan',
    who: 'parent',
    path: (w) => child(w, `plan/${w.planId}/edit`),
    ready: (page) => main(page).getByRole('textbox').first(),
  },
  {
    name: 'evaluate',
    who: 'parent',
    path: (w) => child(w, `plan/${w.planId}/evaluate`),
    // Yes and No wait a moment (aria-disabled) after an item appears, so a double tap cannot answer the next one.
    ready: (page) => main(page).locator('button[aria-keyshortcuts="Y"]:not([aria-disabled="true"])'),
  },
  {
    name: 'sub-plans',
    who: 'parent',
    path: (w) => child(w, 'sub-plan/list'),
    ready: (page) => main(page).getByRole('link', { name: 'Comunicare', exact: true }),
  },
  {
    name: 'new sub-plan',
    who: 'parent',
    path: (w) => child(w, 'sub-plan/create'),
    ready: (page) => main(page).getByRole('textbox').first(),
  },
  {
    name: 'sub-plan',
    who: 'parent',
    path: (w) => child(w, `sub-plan/${w.subPlanId}`),
    ready: (page) => main(page).getByText('Cere apă folosind cartonașul').first(),
  },
  {
    name: 'edit sub-plan',
    who: 'parent',
    path: (w) => child(w, `sub-plan/${w.subPlanId}/edit`),
    ready: (page) => main(page).getByRole('textbox').first(),
  },
  {
    name: 'item progress',
    who: 'parent',
    path: (w) => child(w, `item/${w.itemId}`),
    ready: (page) => page.locator('.highcharts-root'),
  },
  {
    name: 'to confirm',
    who: 'parent',
    path: (w) => child(w, 'to-confirm'),
    ready: (page) => main(page).getByText(/^(Nimic de confirmat\.|Nothing to confirm\.)$/),
  },
  {
    name: 'behaviours',
    who: 'parent',
    path: (w) => child(w, 'behaviors'),
    ready: (page) => main(page).getByText('Aruncă obiecte').first(),
  },
  {
    name: 'behaviour',
    who: 'parent',
    path: (w) => child(w, `behavior/${w.behaviorId}`),
    ready: (page) => page.locator('.highcharts-root'),
  },
  {
    name: 'coordinators',
    who: 'parent',
    path: (w) => child(w, 'coordinators'),
    ready: (page) => main(page).getByRole('listitem').first(),
  },
  {
    name: 'therapists',
    who: 'parent',
    path: (w) => child(w, 'therapists'),
    ready: (page) => main(page).getByRole('listitem').first(),
  },
  {
    name: 'sessions',
    who: 'parent',
    path: (w) => child(w, 'sessions'),
    // The parent's trials opened a session: its row (a table's, or a card's facts on a phone).
    ready: (page) => main(page).locator('td, dd').first(),
  },
  {
    name: 'reports',
    who: 'parent',
    path: (w) => child(w, 'reports'),
    // The clinician report's heading, read after the page: its form (the parent owns the child).
    ready: (page) => main(page).getByRole('form'),
  },
  {
    name: 'consent',
    who: 'parent',
    path: (w) => child(w, 'consent'),
    ready: (page) => main(page).getByTestId('consent-state'),
  },
  {
    name: 'audit',
    who: 'parent',
    path: (w) => child(w, 'audit'),
    // The seeded child's changes, newest first (the coordinator invited last).
    ready: (page) => main(page).locator('li h3').first(),
  },
  {
    name: 'captures to check',
    who: 'parent',
    path: (w) => child(w, 'needs-attention'),
    ready: (page) => main(page).getByRole('combobox'),
  },
  {
    name: 'billing',
    who: 'parent',
    path: () => '/billing',
    ready: (page) => main(page).getByText('Tudor Marinescu').first(),
  },
  { name: 'admin: subscriptions', who: 'admin', path: () => '/admin/subscriptions', ready: heading },
  { name: 'admin: users', who: 'admin', path: () => '/admin/users', ready: heading },
];

const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
  { name: 'laptop', viewport: { width: 1280, height: 800 }, hasTouch: false, isMobile: false },
] as const;
type Language = 'ro' | 'en';

/**
 * Each size in one language and each language at one size (ADR 0018): what depends on the width (reflow, targets,
 * the phone menu) and what depends on the language (names, `lang`, longer texts) are both covered, in half the time
 * of every pair, which had grown to 14 minutes of the suite.
 */
const AUDITS: ReadonlyArray<{ size: (typeof SIZES)[number]; language: Language }> = [
  { size: SIZES[0], language: 'ro' },
  { size: SIZES[1], language: 'en' },
];

interface Finding extends PageViolation {
  route: string;
  size: string;
  language: string;
}

async function contextFor(
  browser: Browser,
  who: Who,
  world: World,
  size: (typeof SIZES)[number],
  language: Language,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    ...WITHOUT_SERVICE_WORKER,
    baseURL,
    viewport: size.viewport,
    hasTouch: size.hasTouch,
    isMobile: size.isMobile,
    locale: language === 'ro' ? 'ro-RO' : 'en-GB',
    storageState: who === 'admin' ? ADMIN_STATE : undefined,
  });
  await context.addInitScript((lng) => window.localStorage.setItem('aba.language', lng), language);
  if (who === 'parent') {
    const login = await context.request.post('/api/login', {
      headers: { origin: baseURL },
      data: { email: world.parent.email, password: world.parent.password },
    });
    expect(login.status(), await login.text()).toBe(200);
  }
  return context;
}

/** Every route in one size and language: how many serious or critical violations each has, and what they are. */
async function auditEveryRoute(
  browser: Browser,
  world: World,
  size: (typeof SIZES)[number],
  language: Language,
): Promise<{ language: string; perRoute: Record<string, number>; findings: Finding[] }> {
  const findings: Finding[] = [];
  const perRoute: Record<string, number> = {};
  const contexts = new Map<Who, BrowserContext>();
  try {
    for (const route of ROUTES) {
      let context = contexts.get(route.who);
      if (!context) {
        context = await contextFor(browser, route.who, world, size, language);
        contexts.set(route.who, context);
      }
      const page = await context.newPage();
      await page.goto(route.path(world));
      await expect(route.ready(page), `${route.name} (${language}) did not load`).toBeVisible({
        timeout: 15_000,
      });
      await expect(page.locator('main [role="progressbar"]')).toHaveCount(0);
      // Colours are judged once they have stopped changing (a button coming out of its disabled look).
      await page.waitForFunction(() =>
        document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
          ),
      );
      const violations = await pageViolations(page);
      perRoute[route.name] = violations.length;
      findings.push(
        ...violations.map((violation) => ({ ...violation, route: route.name, size: size.name, language })),
      );
      await page.close();
    }
  } finally {
    for (const context of contexts.values()) await context.close();
  }
  return { language, perRoute, findings };
}

test.describe('accessibility: axe-core on every route', () => {
  let world: World;

  test.beforeAll(async ({ playwright }) => {
    test.setTimeout(120_000);
    const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
    const seeded = await seedChildWorld(request);
    const mailbox = new Mailbox();
    const inviteToken = (await mailbox.linkTo(seeded.invitedEmail, '/register/')).split('/').pop()!;
    await request.post('/api/reset-password', { data: { email: seeded.parent.email } });
    const resetToken = (await mailbox.linkTo(seeded.parent.email, '/token/reset-password/'))
      .split('/')
      .pop()!;
    await request.dispose();
    world = { ...seeded, inviteToken, resetToken };
  });

  test('phone (390 × 844) in Romanian and laptop (1280 × 800) in English', async ({ browser }, testInfo) => {
    // 35 routes twice, side by side on a 2-core machine: about 7 minutes when nothing else runs; this only bounds a
    // hang (a loaded machine took past 10).
    test.setTimeout(900_000);
    const audits = await Promise.all(
      AUDITS.map(({ size, language }) => auditEveryRoute(browser, world, size, language)),
    );
    const findings = audits.flatMap((audit) => audit.findings);
    await testInfo.attach('axe-findings.json', {
      body: JSON.stringify(audits, null, 2),
      contentType: 'application/json',
    });
    audits.forEach(({ language, perRoute }, index) => {
      console.log(
        `axe, ${AUDITS[index].size.name}, ${language}: ${ROUTES.length} routes; serious or critical per route: ${JSON.stringify(perRoute)}`,
      );
    });
    for (const finding of findings) {
      console.log(
        `  ${finding.route} (${finding.size}, ${finding.language}) [${finding.part}] ${finding.rule} (${finding.impact}): ${finding.targets.join(' | ')}`,
      );
    }
    expect(findings).toEqual([]);
  });
});
