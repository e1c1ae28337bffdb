import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { LoginPage, newAccount, type NewAccount } from '../pages/account-pages.js';
import { CriterionSection, TO_FINISHED, TO_GENERALIZATION, ToConfirmPage } from '../pages/mastery-pages.js';
import { toast } from '../pages/plan-pages.js';
import { registerActiveAccount } from '../support/accounts.js';
import { apiAs, created, giveSubscription, licensedChild } from '../support/api.js';

/*
 * Issue 15: mastery criteria set on a phone and suggestions confirmed. The owner sets a sub-plan's criterion (confirm
 * before moving on, 2 trials a session are enough); a therapist's three good sessions make the rule propose moving two
 * items; the owner rejects one with a reason and accepts the other, which moves it. An item's own criterion replaces
 * the sub-plan's until "use the inherited criterion". A therapist reads the criterion and the list but decides nothing.
 */
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const MINUTE = 60_000;
const CLAP = 'Bate din palme';
const NOSE = 'Arată nasul';

interface World {
  parent: NewAccount;
  therapist: NewAccount;
  childId: string;
  subPlanId: string;
  items: Record<string, string>;
}

/** A parent's licensed child with one sub-plan of two items, and a therapist on its team. */
async function world(request: APIRequestContext): Promise<World> {
  const parent = newAccount('Carmen');
  const therapist = newAccount('Tudor', { role: 'THERAPIST' });
  await registerActiveAccount(request, parent);
  await registerActiveAccount(request, therapist);
  await giveSubscription(parent.email, 1);
  const api = await apiAs(parent.email, parent.password);
  const childId = await licensedChild(api, 'Sara');
  const { id: subPlanId } = await created<{ id: string }>(
    api.post(`/api/child/${childId}/sub-plan/create`, { data: { name: 'Imitație', description: 'Motorie' } }),
  );
  const items: Record<string, string> = {};
  for (const description of [CLAP, NOSE]) {
    const { item } = await created<{ item: { id: string } }>(
      api.post('/api/sub-plan-item/create', { data: { description, sub_plan_id: subPlanId } }),
    );
    items[description] = item.id;
  }
  await created(
    api.post(`/api/child/${childId}/helper/add?access_type=THERAPIST`, {
      data: { email: therapist.email, access_type: 'THERAPIST' },
    }),
  );
  await api.dispose();
  return { parent, therapist, childId, subPlanId, items };
}

/** The sub-plan's criterion as the owner sets it: propose moving on after 3 sessions of ≥ 2 trials at ≥ 80 %. */
async function confirmCriterionByApi(w: World) {
  const api = await apiAs(w.parent.email, w.parent.password);
  const rule = {
    threshold_pct: 80,
    min_trials: 2,
    consecutive_sessions: 3,
    scoring: 'ALL_TRIALS',
    min_people: 1,
  };
  const response = await api.post(`/api/child/${w.childId}/sub-plan/${w.subPlanId}/mastery-criterion`, {
    data: {
      to_generalization: { ...rule, mode: 'CONFIRM' },
      to_finished: { ...rule, consecutive_sessions: 2, mode: 'AUTO' },
      counted_roles: ['THERAPIST', 'COORDINATOR'],
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  await api.dispose();
}

/** The therapist's three sessions, 3 h, 2 h and 1 h ago: each item scored YES twice in each. */
async function threeGoodSessions(w: World, items: string[]) {
  const api = await apiAs(w.therapist.email, w.therapist.password);
  for (let session = 0; session < 3; session += 1) {
    const sessionId = randomUUID();
    const start = Date.now() - (3 - session) * 60 * MINUTE;
    let minute = 0;
    for (const item of items) {
      for (let trial = 0; trial < 2; trial += 1) {
        const response = await api.post(`/api/sub-plan-item/${w.items[item]}/evaluation/create`, {
          data: {
            result: 'YES',
            session_id: sessionId,
            captured_at: new Date(start + minute * MINUTE).toISOString(),
          },
        });
        expect(response.status(), await response.text()).toBe(201);
        minute += 1;
      }
    }
  }
  await api.dispose();
}

test.describe('mastery criteria and confirmations', () => {
  test.use(PHONE);

  test('the owner sets a sub-plan criterion with confirmation; suggestions are rejected with a reason and accepted', async ({
    page,
    request,
  }) => {
    const w = await world(request);
    await new LoginPage(page).enter(w.parent);

    // The sub-plan's criterion, on a phone: the platform's until set here.
    await page.goto(`/child/${w.childId}/sub-plan/${w.subPlanId}`);
    const criterion = new CriterionSection(page);
    await criterion.expand();
    await expect(criterion.source).toHaveText('În vigoare: criteriul implicit al platformei.');
    const minTrials = criterion.field(TO_GENERALIZATION, 'Minimum de încercări pe sesiune');
    await expect(minTrials).toHaveValue('5');

    // A wrong value is named under its field, and what was typed stays.
    await minTrials.fill('2');
    await criterion.field(TO_GENERALIZATION, 'Prag (%)').fill('0');
    await criterion.choose(TO_GENERALIZATION, 'Cere confirmare');
    await criterion.save.click();
    await expect(page.getByText('Pragul trebuie să fie un număr întreg de la 1 la 100')).toBeVisible();
    await expect(criterion.field(TO_GENERALIZATION, 'Prag (%)')).toBeFocused();
    await expect(minTrials).toHaveValue('2');

    await criterion.field(TO_GENERALIZATION, 'Prag (%)').fill('80');
    await criterion.field(TO_FINISHED, 'Minimum de încercări pe sesiune').fill('2');
    await criterion.save.click();
    await expect(toast(page, 'Criteriul a fost salvat.')).toBeVisible();
    await expect(criterion.source).toHaveText('În vigoare: din subplan.');
    await expect(page.getByText('Pragul trebuie să fie')).toHaveCount(0);
    await expect(
      criterion.step(TO_GENERALIZATION).getByRole('radio', { name: 'Cere confirmare' }),
    ).toBeChecked();
    await expect(criterion.useInherited).toBeVisible();

    // Three good sessions of both items: the rule proposes moving each, and the dashboard says how many wait.
    await threeGoodSessions(w, [CLAP, NOSE]);
    await page.goto(`/child/${w.childId}/dashboard`);
    await page.getByRole('link', { name: 'De confirmat (2)' }).click();
    await expect(page).toHaveURL(new RegExp(`/child/${w.childId}/to-confirm$`));

    const toConfirm = new ToConfirmPage(page);
    await expect(toConfirm.suggestions).toHaveCount(2);
    await expect(toConfirm.suggestions.nth(0)).toHaveAccessibleName(CLAP);
    await expect(toConfirm.suggestions.nth(1)).toHaveAccessibleName(NOSE);
    const clap = toConfirm.suggestion(CLAP);
    await expect(clap).toContainText('Din În învățare în În generalizare');
    const sessions = clap
      .getByRole('list', { name: `Sesiunile folosite pentru ${CLAP}` })
      .getByRole('listitem');
    await expect(sessions).toHaveCount(3);
    await expect(sessions.first()).toContainText(/Tudor .*· 2\/2 = 100 %/);
    await expect(clap).toContainText(
      'Regula a fost îndeplinită: ≥ 80 % cu ≥ 2 încercări în 3 sesiuni la rând; propus spre confirmare.',
    );

    // Reject: a reason is asked for (Escape-able dialog), then the row goes.
    await toConfirm.reject(CLAP).click();
    const dialog = toConfirm.rejectDialog;
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Respinge', exact: true }).click();
    await expect(dialog.getByText('Alegeți un motiv al respingerii din listă')).toBeVisible();
    await dialog.getByRole('radio', { name: 'Sunt necesare mai multe date' }).check();
    await dialog.getByRole('button', { name: 'Respinge', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page, `Schimbarea pentru „${CLAP}” a fost respinsă.`)).toBeVisible();
    await expect(toConfirm.suggestions).toHaveCount(1);
    await expect(toConfirm.suggestion(CLAP)).toHaveCount(0);

    // Accept the other: it moves on, and the list is empty.
    await toConfirm.accept(NOSE).click();
    await expect(toast(page, `„${NOSE}” a fost mutat la În generalizare.`)).toBeVisible();
    await expect(page.getByText('Nimic de confirmat.')).toBeVisible();

    // Below the list, the child's default: the platform's, editable by the owner.
    const childDefault = new CriterionSection(page, 'Criteriul de însușire implicit al copilului');
    await childDefault.expand();
    await expect(childDefault.source).toHaveText('În vigoare: criteriul implicit al platformei.');
    await expect(childDefault.field(TO_FINISHED, 'Minimum de persoane diferite')).toHaveValue('2');

    await page.goto(`/child/${w.childId}/item/${w.items[NOSE]}`);
    await expect(page.locator('main').getByText('Stare: În generalizare')).toBeVisible();
    const history = page.locator('main').getByRole('list', { name: 'Istoricul stărilor' });
    await expect(history.getByRole('listitem').first()).toContainText('Confirmat de Carmen');
    await page.goto(`/child/${w.childId}/item/${w.items[CLAP]}`);
    await expect(page.locator('main').getByText('Stare: În învățare')).toBeVisible();
  });

  test("an item's own criterion replaces the sub-plan's until the inherited one is used again", async ({
    page,
    request,
  }) => {
    const w = await world(request);
    await confirmCriterionByApi(w);
    await new LoginPage(page).enter(w.parent);

    await page.goto(`/child/${w.childId}/item/${w.items[CLAP]}`);
    const main = page.locator('main');
    await expect(main.getByText('Criteriul vine de la subplan.')).toBeVisible();
    const criterion = new CriterionSection(page);
    await criterion.expand();
    await expect(criterion.source).toHaveText('În vigoare: din subplan.');
    await expect(criterion.useInherited).toHaveCount(0);

    await criterion.field(TO_GENERALIZATION, 'Prag (%)').fill('90');
    await criterion.field(TO_GENERALIZATION, 'Sesiuni reușite la rând').fill('4');
    await criterion.save.click();
    await expect(toast(page, 'Criteriul a fost salvat.')).toBeVisible();
    await expect(criterion.source).toHaveText('În vigoare: criteriul propriu al acestui obiectiv.');
    // The page's summary reads the item's progress again: the new rule.
    await expect(main.getByText('Acest obiectiv are propriul criteriu.')).toBeVisible();
    await expect(
      main.getByText('≥ 90 % cu ≥ 2 încercări în 4 sesiuni la rând', { exact: false }),
    ).toBeVisible();

    await criterion.useInherited.click();
    await expect(toast(page, 'Se aplică din nou criteriul moștenit.')).toBeVisible();
    await expect(criterion.source).toHaveText('În vigoare: din subplan.');
    await expect(main.getByText('Criteriul vine de la subplan.')).toBeVisible();
    await expect(
      main.getByText('≥ 80 % cu ≥ 2 încercări în 3 sesiuni la rând', { exact: false }),
    ).toBeVisible();
    await expect(criterion.field(TO_GENERALIZATION, 'Prag (%)')).toHaveValue('80');
    await expect(criterion.useInherited).toHaveCount(0);
  });

  test('a therapist reads the criterion and the changes to confirm, and cannot decide them', async ({
    page,
    request,
  }) => {
    const w = await world(request);
    await confirmCriterionByApi(w);
    await threeGoodSessions(w, [CLAP]);
    await new LoginPage(page).enter(w.therapist);

    await page.goto(`/child/${w.childId}/sub-plan/${w.subPlanId}`);
    const criterion = new CriterionSection(page);
    await criterion.expand();
    await expect(criterion.source).toHaveText('În vigoare: din subplan.');
    await expect(page.getByText('Doar proprietarul și coordonatorii pot schimba criteriul.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Prag (%)' })).toHaveCount(0);
    await expect(criterion.save).toHaveCount(0);

    await page.goto(`/child/${w.childId}/dashboard`);
    await expect(page.getByRole('heading', { name: 'Progres' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^De confirmat/ })).toHaveCount(0);

    const toConfirm = new ToConfirmPage(page);
    await toConfirm.open(w.childId);
    await expect(toConfirm.suggestions).toHaveCount(1);
    await expect(toConfirm.suggestion(CLAP)).toContainText('Din În învățare în În generalizare');
    await expect(page.getByRole('button', { name: /^Acceptă/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Respinge/ })).toHaveCount(0);
  });
});
