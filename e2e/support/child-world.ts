import { expect, type APIRequestContext } from '@playwright/test';
import { newAccount, type NewAccount } from '../pages/account-pages.js';
import { registerActiveAccount } from './accounts.js';
import { apiAs, giveSubscription, licensedChild } from './api.js';

/** A parent with a licensed child whose every page has something on it, and the ids that open those pages. */
export interface ChildWorld {
  parent: NewAccount;
  childId: string;
  planId: string;
  subPlanId: string;
  /** The sub-plan's first item (evaluated YES, NO, YES by the parent). */
  itemId: string;
  behaviorId: string;
  /** The address invited as a coordinator (it has no account: its invite e-mail is in the mailbox). */
  invitedEmail: string;
}

async function created<T>(call: Promise<{ status(): number; text(): Promise<string>; json(): Promise<unknown> }>, status = 201): Promise<T> {
  const response = await call;
  expect(response.status(), await response.text()).toBe(status);
  return (await response.json()) as T;
}

/**
 * Through the API: a parent with one licence and a licensed child that has a sub-plan of two items (one evaluated YES
 * and NO), a plan holding it, a behaviour logged twice with an ABC entry, a trial of a deleted goal waiting to be
 * checked, an active therapist and a pending coordinator invitation.
 */
export async function seedChildWorld(request: APIRequestContext, firstName = 'Aurelia'): Promise<ChildWorld> {
  const parent = newAccount(firstName);
  const therapist = newAccount(`${firstName}Terapeut`, { role: 'THERAPIST' });
  await registerActiveAccount(request, parent);
  await registerActiveAccount(request, therapist);
  await giveSubscription(parent.email, 1);
  const api = await apiAs(parent.email, parent.password);
  try {
    const childId = await licensedChild(api, 'Tudor', 'Marinescu');
    const subPlan = await created<{ id: string }>(
      api.post(`/api/child/${childId}/sub-plan/create`, { data: { name: 'Comunicare', description: 'Cereri și contact vizual' } }),
    );
    const items: string[] = [];
    for (const description of ['Contact vizual la chemarea numelui', 'Cere apă folosind cartonașul']) {
      const { item } = await created<{ item: { id: string } }>(
        api.post('/api/sub-plan-item/create', { data: { item: { description, sub_plan_id: subPlan.id } } }),
      );
      items.push(item.id);
    }
    for (const result of ['YES', 'NO', 'YES']) {
      await created(api.post(`/api/sub-plan-item/${items[0]}/evaluation/create`, { data: { result } }));
    }
    // A trial of a goal deleted before the phone sent it: handed over, it waits on the child's "To check" page.
    const { item: dropped } = await created<{ item: { id: string } }>(
      api.post('/api/sub-plan-item/create', { data: { item: { description: 'Arată „gata”', sub_plan_id: subPlan.id } } }),
    );
    await created(api.post(`/api/sub-plan-item/${dropped.id}/delete`), 200);
    await created(
      api.post(`/api/child/${childId}/needs-attention/create`, {
        data: {
          id: crypto.randomUUID(),
          target_id: dropped.id,
          target_label: 'Arată „gata”',
          captured_at: new Date(Date.now() - 3_600_000).toISOString(),
          record: { kind: 'evaluation', result: 'YES' },
        },
      }),
    );
    const plan = await created<{ id: string }>(
      api.post(`/api/child/${childId}/plan/create`, { data: { name: 'Plan de toamnă', description: 'Obiective pentru septembrie' } }),
    );
    await created(api.post(`/api/child/${childId}/plan/${plan.id}/add-sub-plan`, { data: { sub_plan_id: subPlan.id } }));
    const { behavior } = await created<{ behavior: { id: string } }>(
      api.post(`/api/child/${childId}/behavior/create`, { data: { name: 'Aruncă obiecte' } }),
    );
    await created(api.post(`/api/behavior/${behavior.id}/log`));
    await created(api.post(`/api/behavior/${behavior.id}/log`));
    const antecedents = await created<{ list: string[] }>(api.get('/api/list/antecedent'), 200);
    const consequences = await created<{ list: string[] }>(api.get('/api/list/consequence'), 200);
    await created(
      api.post(`/api/child/${childId}/behavior-abc/log`, {
        data: { behavior_id: behavior.id, antecedent: antecedents.list[0], consequence: consequences.list[0] },
      }),
    );
    await created(api.post(`/api/child/${childId}/helper/add`, { data: { email: therapist.email, access_type: 'THERAPIST' } }));
    const invitedEmail = `invitat.${childId.slice(0, 8)}@aba-e2e.test`;
    await created(api.post(`/api/child/${childId}/helper/add`, { data: { email: invitedEmail, access_type: 'ADMIN' } }));
    return { parent, childId, planId: plan.id, subPlanId: subPlan.id, itemId: items[0], behaviorId: behavior.id, invitedEmail };
  } finally {
    await api.dispose();
  }
}
