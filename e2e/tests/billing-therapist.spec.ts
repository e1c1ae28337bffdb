import { expect, test } from '@playwright/test';
import { LoginPage, newAccount } from '../pages/account-pages.js';
import { BillingPage } from '../pages/billing-page.js';
import { registerActiveAccount } from '../support/accounts.js';
import { apiAs, giveSubscription, licensedChild, until } from '../support/api.js';

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
    // Billing learns of the team from therapy's events: once it does, the therapist (who has no subscription) is
    // refused a licence for the child for that reason (409) rather than as a stranger (403).
    const therapistApi = await apiAs(therapist.email, therapist.password);
    await until(() => therapistApi.post('/api/child/add-license', { data: { child_id: unlicensed } }), 409);
    await therapistApi.dispose();

    const login = new LoginPage(page);
    await login.open();
    await login.logIn(therapist.email, therapist.password);
    await expect(page).not.toHaveURL(/\/login$/);
    const billing = new BillingPage(page);
    await billing.open();
    // The summary has arrived (the therapist holds no licence), so what follows is what the page shows.
    await expect(billing.subscriptionCard.getByTestId('active-licenses')).toHaveText('0');
    // Neither child appears, nor any way to pay for one.
    await expect(billing.childSelect).toHaveCount(0);
    await expect(billing.addChildButton).toHaveCount(0);
    await expect(page.locator('main')).not.toContainText('Andrei');
    await expect(page.locator('main')).not.toContainText('Bogdan');
    await expect(billing.childrenTable).toHaveCount(0);
    // Instead, a line says who manages their licences, and not the parent's "you have not added a child".
    await expect(billing.helpedChildrenNote).toHaveText(HELPED_NOTE);
    await expect(billing.helpedChildrenNote).toBeInViewport();
    await expect(billing.childrenSection).not.toContainText('Nu ai adăugat încă un copil.');
  });
});
