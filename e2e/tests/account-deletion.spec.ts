import { expect, test, type APIRequestContext } from '@playwright/test';
import { textHits, type SqlQuery } from '@aba/server-kit/text-search';
import type pg from 'pg';
import { LoginPage, newAccount, type NewAccount } from '../pages/account-pages.js';
import { MyAccountPage } from '../pages/my-account-page.js';
import { registerActiveAccount } from '../support/accounts.js';
import { apiAs, created, giveSubscription, licensedChild, until } from '../support/api.js';
import { connectE2eDatabase, SERVICE_SCHEMAS } from '../support/database.js';

/*
 * Issue 17, "Șterge contul" (GDPR Art 17, ADR 0050): a parent with a licensed child (its plans, a trial, a behaviour)
 * who helps on another family's child, and who handed a second child over to a coordinator, opens /account on a phone,
 * is told what will happen, types the password and the e-mail and deletes the account: the login page says so, and
 * nothing of them or of the deleted child is left in any service's tables; the child handed over stays with its
 * coordinator, the trial recorded on the other family's child stays, by a former user.
 */
const PHONE = { viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true } as const;

/** Letters only, new each run: the names searched for afterwards are this run's, not another spec's. */
const RUN = Array.from(
  `${Date.now()}${Math.floor(Math.random() * 1000)}`,
  (digit) => 'bcdfghjklm'[Number(digit)],
).join('');
const suffix = (name: string) => `${name}${RUN}`;

/** The account's id, as its session says. */
async function idOf(api: APIRequestContext): Promise<string> {
  const session = await api.get('/api/get-session');
  expect(session.status(), await session.text()).toBe(200);
  return ((await session.json()) as { id: string }).id;
}

/** A sub-plan with one item on `childId`; answers the item's id. */
async function subPlanWithItem(api: APIRequestContext, childId: string, item: string): Promise<string> {
  const { id: subPlanId } = await created<{ id: string }>(
    api.post(`/api/child/${childId}/sub-plan/create`, {
      data: { name: 'Comunicare', description: 'Cereri' },
    }),
  );
  const { item: made } = await created<{ item: { id: string } }>(
    api.post('/api/sub-plan-item/create', { data: { description: item, sub_plan_id: subPlanId } }),
  );
  const { id: planId } = await created<{ id: string }>(
    api.post(`/api/child/${childId}/plan/create`, { data: { name: 'Plan de iarnă', description: 'Iarna' } }),
  );
  await created(
    api.post(`/api/child/${childId}/plan/${planId}/add-sub-plan`, { data: { sub_plan_id: subPlanId } }),
  );
  return made.id;
}

/** `owner` adds `member` to the child's team; answers once therapy lets the member read the child. */
async function joinTeam(
  owner: APIRequestContext,
  member: APIRequestContext,
  childId: string,
  email: string,
  accessType: 'ADMIN' | 'THERAPIST',
) {
  await created(
    owner.post(`/api/child/${childId}/helper/add?access_type=${accessType}`, {
      data: { email, access_type: accessType },
    }),
  );
  await until(() => member.get(`/api/child/${childId}`), 200);
}

/** The e2e database's superuser connection as `textHits` asks: `?` placeholders, numbered for pg. */
const sqlOf =
  (client: pg.Client): SqlQuery =>
  async <T>(sql: string, params: unknown[] = []) => {
    let n = 0;
    const result = await client.query(
      sql.replace(/\?/g, () => `$${++n}`),
      params,
    );
    return result.rows as T[];
  };

interface World {
  parent: NewAccount;
  parentId: string;
  coordinator: NewAccount;
  coordinatorId: string;
  neighbour: NewAccount;
  /** The parent's child, deleted with the account. */
  kept: { childId: string; firstName: string; lastName: string };
  /** The child the parent handed over to the coordinator. */
  handedOverId: string;
  /** The other family's child the parent is a therapist of, and the trial the parent recorded on it. */
  neighbourChildId: string;
  trialId: string;
}

async function world(request: APIRequestContext): Promise<World> {
  const parent = newAccount(suffix('Zenovia'), { lastName: suffix('Șerbănescu') });
  const coordinator = newAccount('Dana', { role: 'COORDINATOR' });
  const neighbour = newAccount('Bogdan');
  for (const account of [parent, coordinator, neighbour]) await registerActiveAccount(request, account);
  await giveSubscription(parent.email, 2);
  await giveSubscription(neighbour.email, 1);
  const parentApi = await apiAs(parent.email, parent.password);
  const coordinatorApi = await apiAs(coordinator.email, coordinator.password);
  const neighbourApi = await apiAs(neighbour.email, neighbour.password);

  // The child deleted with the account: its plans, a trial, a behaviour.
  const kept = { firstName: suffix('Matei'), lastName: suffix('Popescu') };
  const childId = await licensedChild(parentApi, kept.firstName, kept.lastName);
  const itemId = await subPlanWithItem(parentApi, childId, 'Contact vizual');
  await created(
    parentApi.post(`/api/sub-plan-item/${itemId}/evaluation/create`, { data: { result: 'YES' } }),
  );
  await created(
    parentApi.post(`/api/child/${childId}/behavior/create`, { data: { name: 'Aruncă obiecte' } }),
  );

  // The child handed over: offered by the parent, accepted by the coordinator.
  const handedOverId = await licensedChild(parentApi, 'Ilinca', 'Radu');
  await subPlanWithItem(parentApi, handedOverId, 'Cere apă');
  await joinTeam(parentApi, coordinatorApi, handedOverId, coordinator.email, 'ADMIN');
  const coordinatorId = await idOf(coordinatorApi);
  const offered = await parentApi.post(`/api/child/${handedOverId}/ownership/offer`, {
    data: { to_user_id: coordinatorId },
  });
  expect(offered.status(), await offered.text()).toBe(200);
  const accepted = await coordinatorApi.post(`/api/child/${handedOverId}/ownership/accept`);
  expect(accepted.status(), await accepted.text()).toBe(200);

  // The other family's child: the parent is its therapist and records a trial on it.
  const neighbourChildId = await licensedChild(neighbourApi, 'Sara', 'Vecinu');
  const neighbourItemId = await subPlanWithItem(neighbourApi, neighbourChildId, 'Bate din palme');
  await joinTeam(neighbourApi, parentApi, neighbourChildId, parent.email, 'THERAPIST');
  const { evaluation } = await created<{ evaluation: { id: string } }>(
    parentApi.post(`/api/sub-plan-item/${neighbourItemId}/evaluation/create`, { data: { result: 'NO' } }),
  );
  const parentId = await idOf(parentApi);
  await Promise.all([parentApi.dispose(), coordinatorApi.dispose(), neighbourApi.dispose()]);
  return {
    parent,
    parentId,
    coordinator,
    coordinatorId,
    neighbour,
    kept: { childId, ...kept },
    handedOverId,
    neighbourChildId,
    trialId: evaluation.id,
  };
}

test.describe('deleting my account, on a phone', () => {
  test.use(PHONE);

  test('told what happens, deleted with the password and the e-mail: nothing of the parent or their child is left, the child handed over and the trial elsewhere stay', async ({
    page,
    request,
  }) => {
    test.slow();
    const w = await world(request);
    await new LoginPage(page).enter(w.parent);
    const account = new MyAccountPage(page);
    await account.open();

    // Closed at first; opened, what will happen.
    await expect(account.deletionSection).toContainText('Ștergerea contului este definitivă');
    await expect(account.deletionForm).toHaveCount(0);
    await expect(account.openDeletion).toHaveAttribute('aria-expanded', 'false');
    await account.openDeletion.tap();
    await expect(account.openDeletion).toHaveAttribute('aria-expanded', 'true');
    const owned = account.deletionList('Copiii dumneavoastră');
    await expect(owned.getByRole('listitem')).toHaveCount(1);
    await expect(owned).toContainText(`${w.kept.firstName} ${w.kept.lastName}`);
    await expect(owned).toContainText('Se șterge cu toate datele');
    const handOver = owned.getByRole('link', {
      name: `Predați-l unui coordonator: ${w.kept.firstName} ${w.kept.lastName}`,
    });
    await expect(handOver).toHaveAttribute('href', `/child/${w.kept.childId}/coordinators`);
    const helped = account.deletionList('Copiii la care ajutați');
    await expect(helped).toContainText('Nu veți mai face parte din echipa lui Ilinca Radu.');
    await expect(helped).toContainText('Nu veți mai face parte din echipa lui Sara Vecinu.');
    const rest = account.deletionList('Contul și abonamentele');
    await expect(rest).toContainText('Abonamentele vor fi anulate și licențele eliberate.');
    await expect(rest).toContainText('Licențe folosite acum de:');
    await expect(rest).toContainText(`${w.kept.firstName} ${w.kept.lastName}`);
    await expect(rest).toContainText('cu autorul arătat ca „fost utilizator”');
    await expect(rest).toContainText('Ștergerea nu poate fi anulată.');

    // Usable on a phone: nothing wider than it, every control at least 44 px tall.
    await expect(page.locator('html')).toHaveJSProperty('scrollWidth', 375);
    for (const control of [
      account.openDeletion,
      handOver,
      account.deletionPassword,
      account.deletionEmail,
      account.deleteButton,
    ]) {
      expect((await control.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    }

    // The button waits for both fields; a wrong e-mail is said at the field before anything is sent, a wrong
    // password by the server, at its field.
    await expect(account.deleteButton).toHaveAttribute('aria-disabled', 'true');
    await expect(account.deletionForm).toContainText('Scrieți parola și adresa de e-mail a contului');
    await account.deletionPassword.fill('Parola-gresita-1');
    await account.deletionEmail.fill('altcineva@aba-e2e.test');
    await expect(account.deleteButton).not.toHaveAttribute('aria-disabled', 'true');
    await account.deleteButton.tap();
    await expect(account.deletionEmail).toBeFocused();
    await expect(account.deletionForm).toContainText(
      'Scrieți exact adresa de e-mail a contului pentru confirmare',
    );
    await account.deletionEmail.fill(` ${w.parent.email.toUpperCase()} `);
    await account.deleteButton.tap();
    await expect(account.deletionPassword).toBeFocused();
    await expect(account.deletionForm).toContainText('Parola actuală nu este corectă');

    await account.deletionPassword.fill(w.parent.password);
    await account.deleteButton.tap();
    await expect(page).toHaveURL(/\/login\?account=deleted$/);
    await expect(new LoginPage(page).successBanner).toHaveText('Contul a fost șters');

    const client = await connectE2eDatabase();
    try {
      const sql = sqlOf(client);
      // Each service erases its part from identity.user.deleted.v1: identity at once, therapy and billing soon after.
      await expect
        .poll(
          async () => {
            const [row] = await sql<{ account: number; directory: number; tombstone: boolean | null }>(
              `select (select count(*)::int from identity.user_account where id = ?) as "account",
                      (select count(*)::int from therapy.directory_user where id = ?) as "directory",
                      (select deleted from billing.billing_user where id = ?) as "tombstone"`,
              [w.parentId, w.parentId, w.parentId],
            );
            return row;
          },
          { timeout: 30_000 },
        )
        .toEqual({ account: 0, directory: 0, tombstone: true });
      // And the children it erases with their names: the deleted child is gone from therapy, billing forgets it.
      await expect
        .poll(
          async () =>
            (
              await sql<{ n: number }>(`select count(*)::int as n from therapy.child where id = ?`, [
                w.kept.childId,
              ])
            )[0].n,
          { timeout: 30_000 },
        )
        .toBe(0);

      // Every text-like column of every table of the three schemas. The outboxes are passed over: they keep the events
      // they relayed (names and all) as long as the event streams keep them (EVENT_RETENTION_DAYS; ADRs 0045, 0058).
      // Searched before the login below, which (failing) records the address it was tried with, as every failed login
      // does.
      const needles = [
        w.parent.email,
        w.parent.firstName,
        w.parent.lastName,
        w.kept.firstName,
        w.kept.lastName,
      ];
      await expect
        .poll(
          () =>
            textHits(sql, SERVICE_SCHEMAS, needles, [
              'identity.outbox_event',
              'therapy.outbox_event',
              'billing.outbox_event',
            ]),
          { timeout: 30_000 },
        )
        .toEqual([]);

      // The search finds what stays: the coordinator's address, the child handed over.
      const kept = await textHits(sql, SERVICE_SCHEMAS, [w.coordinator.email, 'Ilinca']);
      expect(kept.map((hit) => hit.table)).toEqual(
        expect.arrayContaining(['identity.user_account', 'therapy.child']),
      );

      // The child handed over stays, with its data, its coordinator's.
      const [handedOver] = await sql<{ owner_id: string; sub_plans: number }>(
        `select c.owner_id, (select count(*)::int from therapy.sub_plan s where s.child_id = c.id) as sub_plans
           from therapy.child c where c.id = ?`,
        [w.handedOverId],
      );
      expect(handedOver).toEqual({ owner_id: w.coordinatorId, sub_plans: 1 });
      // The trial the parent recorded on the other family's child stays.
      const trials = await sql(`select id from therapy.item_evaluation where id = ?`, [w.trialId]);
      expect(trials).toHaveLength(1);
    } finally {
      await client.end();
    }

    // Gone for good: the password no longer logs anyone in.
    const login = new LoginPage(page);
    await login.logIn(w.parent.email, w.parent.password);
    await expect(login.errorBanner).toHaveText('E-mail sau parolă greșită');

    // The other family sees the trial, by a former user.
    await new LoginPage(page).enter(w.neighbour);
    await page.goto(`/child/${w.neighbourChildId}/sessions`);
    const cards = page.getByRole('list', { name: 'Sesiunile copilului' }).getByRole('listitem');
    const byFormerUser = cards.filter({ hasText: 'Fost utilizator' });
    await expect(byFormerUser).toHaveCount(1);
    await expect(byFormerUser.locator('dt:text-is("Încercări") + dd')).toHaveText('1');
  });
});
