import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { LoginPage, newAccount, type NewAccount } from '../pages/account-pages.js';
import { registerActiveAccount } from './accounts.js';
import { apiAs, giveSubscription, licensedChild } from './api.js';
import { connectE2eDatabase } from './database.js';

export interface PlanFixture {
  parent: NewAccount;
  childId: string;
  planId: string;
  planName: string;
  subPlanId: string;
  subPlanName: string;
  /** Item description → id. */
  items: Record<string, string>;
}

/**
 * A parent with a licensed child whose plan "Plan de toamnă" holds the sub-plan "Comunicare" with `items` (in that
 * order), made through the API; the parent is logged in on `page`.
 */
export async function planFixture(
  page: Page,
  request: APIRequestContext,
  items: readonly string[] = ['Contact vizual', 'Cere apă'],
): Promise<PlanFixture> {
  const parent = newAccount('Ioana');
  await registerActiveAccount(request, parent);
  await giveSubscription(parent.email, 1);
  const api = await apiAs(parent.email, parent.password);
  const childId = await licensedChild(api, 'Matei');
  const saved = async (path: string, data: object) => {
    const response = await api.post(path, { data });
    expect(response.status(), await response.text()).toBe(201);
    return response.json();
  };
  const subPlanName = 'Comunicare';
  const planName = 'Plan de toamnă';
  const { id: subPlanId } = await saved(`/api/child/${childId}/sub-plan/create`, {
    name: subPlanName,
    description: 'Cereri și contact vizual',
  });
  const ids: Record<string, string> = {};
  for (const description of items) {
    const { item } = await saved('/api/sub-plan-item/create', { description, sub_plan_id: subPlanId });
    ids[description] = item.id;
  }
  const { id: planId } = await saved(`/api/child/${childId}/plan/create`, {
    name: planName,
    description: 'Toamna',
  });
  await saved(`/api/child/${childId}/plan/${planId}/add-sub-plan`, { sub_plan_id: subPlanId });
  await api.dispose();

  const login = new LoginPage(page);
  await login.open();
  await login.logIn(parent.email, parent.password);
  await expect(page).not.toHaveURL(/\/login$/);
  return { parent, childId, planId, planName, subPlanId, subPlanName, items: ids };
}

/** An item's evaluations on the server, newest first. */
export async function serverEvaluations(
  fixture: PlanFixture,
  itemId: string,
): Promise<{ id: string; result: 'YES' | 'NO'; date: string }[]> {
  const api = await apiAs(fixture.parent.email, fixture.parent.password);
  const response = await api.get(`/api/sub-plan-item/${itemId}/evaluations?limit=100`);
  expect(response.status(), await response.text()).toBe(200);
  const { evaluations } = await response.json();
  await api.dispose();
  return evaluations;
}

/** Records evaluations through the API, in order (the last is the newest). */
export async function evaluateThroughApi(
  fixture: PlanFixture,
  itemId: string,
  results: readonly ('YES' | 'NO')[],
): Promise<string[]> {
  const api = await apiAs(fixture.parent.email, fixture.parent.password);
  const ids: string[] = [];
  for (const result of results) {
    const response = await api.post(`/api/sub-plan-item/${itemId}/evaluation/create`, { data: { result } });
    expect(response.status(), await response.text()).toBe(201);
    ids.push((await response.json()).evaluation.id);
  }
  await api.dispose();
  return ids;
}

/** Moves evaluations back in time, as captured and received: `days` whole days before now, each. */
export async function backdateEvaluations(moves: readonly { id: string; daysAgo: number }[]): Promise<void> {
  const client = await connectE2eDatabase();
  try {
    for (const { id, daysAgo } of moves) {
      await client.query(
        `update "therapy"."item_evaluation"
            set "captured_at" = "captured_at" - $2 * interval '1 day', "created_at" = "created_at" - $2 * interval '1 day'
          where "id" = $1`,
        [id, daysAgo],
      );
    }
  } finally {
    await client.end();
  }
}
