import type { Response } from 'supertest';
import type { TestUser, TherapyHarness } from './therapy-harness.js';

/** Short HTTP calls for the plans tests: `post(user, path, body?)`, `get(user, path)`, and the fixtures' steps. */
export function plansClient(therapy: TherapyHarness) {
  const post = async (user: TestUser, path: string, body?: unknown): Promise<Response> =>
    therapy
      .http()
      .post(path)
      .set(await therapy.headers(user))
      .send(body as object);
  const get = async (user: TestUser, path: string): Promise<Response> =>
    therapy
      .http()
      .get(path)
      .set(await therapy.headers(user));

  /** Creates a plan (`kind` 'plan') or sub-plan ('sub-plan') of the child; returns its id. */
  async function createPlan(
    user: TestUser,
    childId: string,
    kind: 'plan' | 'sub-plan',
    name: string,
    description = `About ${name}`,
  ): Promise<string> {
    const response = await post(user, `/api/child/${childId}/${kind}/create`, { name, description });
    if (response.status !== 201)
      throw new Error(`create ${kind}: ${response.status} ${JSON.stringify(response.body)}`);
    return (response.body as { id: string }).id;
  }

  async function createItem(user: TestUser, subPlanId: string, description: string): Promise<string> {
    const response = await post(user, '/api/sub-plan-item/create', { description, sub_plan_id: subPlanId });
    if (response.status !== 201)
      throw new Error(`create item: ${response.status} ${JSON.stringify(response.body)}`);
    return (response.body as { item: { id: string } }).item.id;
  }

  async function attach(user: TestUser, childId: string, planId: string, subPlanId: string): Promise<void> {
    const response = await post(user, `/api/child/${childId}/plan/${planId}/add-sub-plan`, {
      sub_plan_id: subPlanId,
    });
    if (response.status !== 201)
      throw new Error(`attach: ${response.status} ${JSON.stringify(response.body)}`);
  }

  async function evaluate(user: TestUser, itemId: string, result: 'YES' | 'NO'): Promise<string> {
    const response = await post(user, `/api/sub-plan-item/${itemId}/evaluation/create`, { result });
    if (response.status !== 201)
      throw new Error(`evaluate: ${response.status} ${JSON.stringify(response.body)}`);
    return (response.body as { evaluation: { id: string } }).evaluation.id;
  }

  /** Creates a behaviour of the child to log; returns its id. */
  async function createBehavior(user: TestUser, childId: string, name: string): Promise<string> {
    const response = await post(user, `/api/child/${childId}/behavior/create`, { name, description: '' });
    if (response.status !== 201)
      throw new Error(`create behavior: ${response.status} ${JSON.stringify(response.body)}`);
    return (response.body as { behavior: { id: string } }).behavior.id;
  }

  return { post, get, createPlan, createItem, attach, evaluate, createBehavior };
}
