import { expect, test, type APIRequestContext } from '@playwright/test';
import { baseURL } from '../e2e-environment.js';
import { newAccount } from '../pages/account-pages.js';
import { registerActiveAccount } from '../support/accounts.js';
import { apiAs, apiAsAdmin, giveSubscription, licensedChild, until } from '../support/api.js';
import { Mailbox } from '../support/mailbox.js';

/*
 * Issue 12, through the whole running system: what a hostile tester found, and what must hold instead.
 */

const UNSTORABLE = ['Țipă\u0000', 'Țipă \ud83d'];
const post = (api: APIRequestContext, path: string, data: Record<string, unknown>) =>
  api.post(path, { data, headers: { origin: baseURL } });

test.describe('trust', () => {
  test('registering an invited address without the invite does not take the invited seat', async ({
    request,
  }) => {
    const parent = newAccount('Gazda');
    await registerActiveAccount(request, parent);
    await giveSubscription(parent.email, 1);
    const owner = await apiAs(parent.email, parent.password);
    const childId = await licensedChild(owner, 'Ilinca');

    const invitee = newAccount('Invitata', { role: 'THERAPIST' });
    const added = await post(owner, `/api/child/${childId}/helper/add`, {
      email: invitee.email,
      access_type: 'THERAPIST',
    });
    expect(added.status(), await added.text()).toBe(201);
    const inviteLink = await new Mailbox().linkTo(invitee.email, '/register/');
    const token = inviteLink.split('/').pop()!;

    // Someone who knows the address registers it first, without the invite.
    const squatter = await post(request, '/api/register', {
      first_name: 'Hot',
      last_name: 'Hotescu',
      email: invitee.email,
      phone: '0700000000',
      password: 'Parola-hotului-1',
      confirmedPassword: 'Parola-hotului-1',
      role: 'COORDINATOR',
    });
    expect(squatter.status()).toBe(201);

    // The invite still works, and the helper is still waiting for the invitee.
    expect((await request.get(`/api/invite/${token}/validate`)).status()).toBe(200);
    const team = await owner.get(`/api/child/${childId}/helpers?access_type=THERAPIST`);
    expect((await team.json()).helpers).toEqual([
      expect.objectContaining({ email: invitee.email.toLowerCase(), status: 'PENDING' }),
    ]);

    // The invitee registers through the link and gets the seat; the squatter's password opens nothing.
    const registered = await post(request, '/api/register', {
      first_name: invitee.firstName,
      last_name: invitee.lastName,
      email: '',
      phone: invitee.phone,
      password: invitee.password,
      confirmedPassword: invitee.password,
      role: 'THERAPIST',
      token,
    });
    expect(registered.status(), await registered.text()).toBe(201);
    const helper = await apiAs(invitee.email, invitee.password);
    await until(() => helper.get(`/api/child/${childId}/plan/list`), 200);
    const squatterLogin = await post(request, '/api/login', {
      email: invitee.email,
      password: 'Parola-hotului-1',
    });
    expect(squatterLogin.status()).toBe(401);
    await Promise.all([owner.dispose(), helper.dispose()]);
  });

  test('every text field refuses NUL and broken characters with 400 naming the field, public calls included', async ({
    request,
  }) => {
    const parent = newAccount('Textier');
    await registerActiveAccount(request, parent);
    await giveSubscription(parent.email, 1);
    const owner = await apiAs(parent.email, parent.password);
    const admin = await apiAsAdmin();
    const childId = await licensedChild(owner, 'Sorin');
    const subPlan = await post(owner, `/api/child/${childId}/sub-plan/create`, {
      name: 'Motricitate',
      description: 'Fină',
    });
    const subPlanId = ((await subPlan.json()) as { id: string }).id;
    const behavior = await post(owner, `/api/child/${childId}/behavior/create`, { name: 'Aruncă' });
    const behaviorId = ((await behavior.json()) as { behavior: { id: string } }).behavior.id;

    const calls: [APIRequestContext, string, Record<string, unknown>][] = [
      [request, '/api/login', { email: parent.email, password: parent.password }],
      [
        request,
        '/api/register',
        {
          first_name: 'Ana',
          last_name: 'Pop',
          email: 'text.nou@aba-e2e.test',
          phone: '0722000111',
          password: 'Parola-buna-2026',
          confirmedPassword: 'Parola-buna-2026',
          role: 'PARENT',
          token: 'abc',
        },
      ],
      [request, '/api/reset-password', { email: parent.email }],
      [
        request,
        '/api/token/reset-password',
        { token: 'abc', password: 'Parola-buna-2026', confirmedPassword: 'Parola-buna-2026' },
      ],
      [request, '/api/token/activate-user', { token: 'abc' }],
      [owner, '/api/child/create', { first_name: 'Ana', last_name: 'Pop', date_of_birth: '2019-04-02' }],
      [owner, `/api/child/${childId}/helper/add`, { email: 'ajutor@aba-e2e.test', access_type: 'THERAPIST' }],
      [owner, `/api/child/${childId}/plan/create`, { name: 'Plan', description: 'Iarnă' }],
      [owner, `/api/child/${childId}/sub-plan/create`, { name: 'Sub', description: 'Plan' }],
      [owner, '/api/sub-plan-item/create', { description: 'Arată', sub_plan_id: subPlanId }],
      [owner, `/api/child/${childId}/behavior/create`, { name: 'Țipă', description: 'Tare' }],
      [
        owner,
        `/api/child/${childId}/behavior-abc/log`,
        { behavior_id: behaviorId, antecedent: 'Cerere', consequence: 'Pauză' },
      ],
      [admin, '/api/subscription/create', { user_email: parent.email, quantity: 1, stripe_id: 'sub_1' }],
    ];
    for (const [api, path, body] of calls) {
      for (const [field, value] of Object.entries(body)) {
        if (typeof value !== 'string' || field.endsWith('_id') || field === 'access_type') continue;
        for (const bad of UNSTORABLE) {
          const response = await post(api, path, { ...body, [field]: bad });
          const where = `${path} with ${field} = ${JSON.stringify(bad)}`;
          expect(response.status(), where).toBe(400);
          expect(await response.json(), where).toEqual({
            error: expect.stringMatching(new RegExp(`^${field}: `)),
          });
        }
      }
    }
    await Promise.all([owner.dispose(), admin.dispose()]);
  });
});
