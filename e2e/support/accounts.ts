import { expect, type APIRequestContext } from '@playwright/test';
import { baseURL } from '../e2e-environment.js';
import type { NewAccount } from '../pages/account-pages.js';
import { Mailbox } from './mailbox.js';

/** Registers and activates an account through the real API and the real activation e-mail. */
export async function registerActiveAccount(request: APIRequestContext, account: NewAccount): Promise<void> {
  const registered = await request.post('/api/register', {
    headers: { origin: baseURL },
    data: {
      first_name: account.firstName,
      last_name: account.lastName,
      email: account.email,
      phone: account.phone,
      password: account.password,
      confirmedPassword: account.password,
      role: account.role ?? 'PARENT',
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const link = await new Mailbox().linkTo(account.email, '/token/activate-user/');
  const token = link.split('/').pop();
  const activated = await request.post('/api/token/activate-user', { headers: { origin: baseURL }, data: { token } });
  expect(activated.status(), await activated.text()).toBe(200);
}
