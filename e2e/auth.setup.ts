import { expect, test as setup } from '@playwright/test';
import { ADMIN_STATE, e2eEnvironment } from './e2e-environment.js';
import { LoginPage } from './pages/account-pages.js';

/** Logs the bootstrap administrator in once; specs that act as the admin reuse the stored session. */
setup('log the administrator in', async ({ page }) => {
  const login = new LoginPage(page);
  await login.open();
  await login.logIn(e2eEnvironment.admin.email, e2eEnvironment.admin.password);
  await expect(page.getByRole('navigation', { name: 'Navigare principală' }).getByRole('heading', { name: 'Administrare' })).toBeVisible();
  await page.context().storageState({ path: ADMIN_STATE });
});
