import { expect, test } from '@playwright/test';
import { LoginPage, newAccount } from '../pages/account-pages.js';
import { BillingPage } from '../pages/billing-page.js';
import { registerActiveAccount } from '../support/accounts.js';
import { apiAs, giveSubscription, licensedChild } from '../support/api.js';

const HELPED_NOTE =
  'Licențele copiilor pe care îi ajuți ca terapeut sau coordonator le gestionează părintele care i-a adăugat, de aceea nu apar aici.';

test.describe("billing as a therapist on a phone: a parent's child is never offered a licence", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("the parent's licensed and unlicensed children are not listed; the page says their owner manages them", async ({
    page,
    request,
  }) => {
    const parent = newAccount('Paula');
    const therapist = newAccount('Teodor', { role: 'THERAPIST' });
    await registerActiveAccount(request, parent);
    await registerActiveAccount(request, therapist);
    await giveSubscription(parent.email, 2);
    const parentApi = await apiAs(parent.email, parent.password);
    const licensed = await licensedChild(parentApi, 'Andrei', 'Licențiat');
    const unlicensed = await licensedChild(parentApi, 'Bogdan', 'Nelicențiat');
    // A team can be added only while the child is licensed: then the parent removes Bogdan's licence.
    for (const childId of [licensed, unlicensed]) {
      const added = await parentApi.post(`/api/child/${childId}/helper/add?access_type=THERAPIST`, {
        data: { email: therapist.email, access_type: 'THERAPIST' },
      });
      expect(added.status(), await added.text()).toBe(201);
    }
    const uses = (await (await parentApi.get('/api/user/subscription-data')).json()) as {
      subscriptions_in_use: { child_id: string; child_subscription_id: string }[];
    };
    const bogdansLicence = uses.subscriptions_in_use.find((use) => use.child_id === unlicensed)!.child_subscription_id;
    const removed = await parentApi.post('/api/child/remove-license', { data: { child_subscription_id: bogdansLicence } });
    expect(removed.status(), await removed.text()).toBe(200);
    await parentApi.dispose();
    // Billing learns of the team from therapy's events.
    const therapistApi = await apiAs(therapist.email, therapist.password);
    await expect
      .poll(async () => (await (await therapistApi.get('/api/user/subscription-data')).json()).helps_other_children)
      .toBe(true);
    await therapistApi.dispose();

    const login = new LoginPage(page);
    await login.open();
    await login.logIn(therapist.email, therapist.password);
    await expect(page).not.toHaveURL(/\/login$/);
    const billing = new BillingPage(page);
    await billing.open();
    await expect(billing.helpedChildrenNote).toHaveText(HELPED_NOTE);
    await expect(billing.helpedChildrenNote).toBeInViewport();
    // Neither child appears, nor any way to pay for one.
    await expect(page.locator('main')).not.toContainText('Andrei');
    await expect(page.locator('main')).not.toContainText('Bogdan');
    await expect(billing.childSelect).toHaveCount(0);
    await expect(billing.addChildButton).toHaveCount(0);
    await expect(billing.childrenTable).toHaveCount(0);
    // Nor the parent's "you have not added a child" invitation, which does not apply to a helper.
    await expect(billing.childrenSection).not.toContainText('Nu ai adăugat încă un copil.');
  });
});
