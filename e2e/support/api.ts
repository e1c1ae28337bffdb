import { expect, request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { baseURL, e2eEnvironment } from '../e2e-environment.js';

/** An API client logged in as the given user (its session cookie kept), sending the app's Origin on writes. */
export async function apiAs(email: string, password: string): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  const response = await api.post('/api/login', { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
  return api;
}

export const apiAsAdmin = () => apiAs(e2eEnvironment.admin.email, e2eEnvironment.admin.password);

/** Retries a call until it answers `status` (events between services make some answers eventually true). */
export async function until(
  call: () => Promise<{ status(): number; text(): Promise<string> }>,
  status: number,
  timeoutMs = 15_000,
) {
  const deadline = Date.now() + timeoutMs;
  let last = await call();
  while (last.status() !== status && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    last = await call();
  }
  expect(last.status(), await last.text()).toBe(status);
  return last;
}

/** The admin gives `email` a subscription of `quantity` licences. */
export async function giveSubscription(email: string, quantity: number): Promise<void> {
  const admin = await apiAsAdmin();
  // billing learns of the user from identity's event: retry until it knows the e-mail.
  await until(
    () => admin.post('/api/subscription/create', { data: { user_email: email, quantity, stripe_id: '' } }),
    201,
  );
  await admin.dispose();
}

/** Creates a child through the API and licenses it; returns its id once therapy opens its data. */
export async function licensedChild(
  api: APIRequestContext,
  firstName: string,
  lastName = 'Popescu',
): Promise<string> {
  const created = await api.post('/api/child/create', {
    data: { first_name: firstName, last_name: lastName, date_of_birth: '2019-04-02' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { child_id: childId } = (await created.json()) as { child_id: string };
  await until(() => api.post('/api/child/add-license', { data: { child_id: childId } }), 201);
  await until(() => api.get(`/api/child/${childId}/helpers?access_type=THERAPIST`), 200);
  return childId;
}

/** The answer of a call that must create something (201), as JSON; anything else fails with the answer's text. */
export async function created<T>(
  call: Promise<{ status(): number; text(): Promise<string>; json(): Promise<unknown> }>,
): Promise<T> {
  const response = await call;
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as T;
}
