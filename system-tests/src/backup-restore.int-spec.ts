import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { resolve } from 'node:path';
import { Subjects } from '@aba/contracts/events';
import type { Api } from '@aba/infra/api-client';
import { FaultySystem, PASSWORD } from './support/faulty-system.js';
import {
  addLicence,
  createChild,
  createItem,
  handledEvents,
  outbox,
  parentWithSubscription,
  publishedEvents,
  SETTLE_MS,
  untilGate,
  waitFor,
} from './support/journeys.js';

/** What a parent reads of a child's data and of their account (identity and therapy). */
async function familyView(parent: Api, childId: string, itemId: string) {
  return {
    account: (await parent.expect(200, 'GET', '/api/account')).account,
    children: await parent.expect(200, 'GET', '/api/child/list'),
    subPlans: await parent.expect(200, 'GET', `/api/child/${childId}/sub-plan/list`),
    evaluations: await parent.expect(200, 'GET', `/api/sub-plan-item/${itemId}/evaluations`),
    progress: await parent.expect(200, 'GET', `/api/sub-plan-item/${itemId}/progress`),
  };
}

/**
 * Issue 19, backups: `npm run backup` of a running system, then `npm run restore` of that file into a fresh Postgres
 * (and a fresh NATS) before the services start. The restored system serves the same data, and an event that was
 * published but not yet handled when the backup was taken (the outbox keeps it, ADR 0058) reaches its consumer once.
 * Both run on the machine's own Postgres server, the version its pg_dump and pg_restore are.
 */
describe('a backup restored into a fresh Postgres', () => {
  const email = 'parinte.backup@aba-system.test';
  const backupFile = resolve(tmpdir(), `aba-system-backup-${process.pid}-${Date.now()}.dump`);
  let source: FaultySystem | undefined;
  let restored: FaultySystem | undefined;

  afterAll(async () => {
    await source?.stop();
    await restored?.stop();
    rmSync(backupFile, { force: true });
  }, 60_000);

  it('serves the same data, and applies once the events its consumers had not handled', async () => {
    source = await FaultySystem.start({ postgres: 'machine' });
    const parent = await parentWithSubscription(source, email, 3);
    const ana = await createChild(parent, 'Ana');
    await addLicence(parent, ana, SETTLE_MS);
    await untilGate(parent, ana, true);
    const itemId = await createItem(
      parent,
      ana,
      { name: 'Imitație', description: 'Imitație motorie' },
      'Bate din palme',
    );
    for (const result of ['YES', 'NO', 'YES']) {
      await parent.expect(201, 'POST', `/api/sub-plan-item/${itemId}/evaluation/create`, { result });
    }
    const ioana = await createChild(parent, 'Ioana');
    const before = await familyView(parent, ana, itemId);

    // Therapy is down when billing announces Ioana's licence: at the backup the event is published (billing's outbox
    // has stamped it) and therapy, whose inbox is in the same dump, has not handled it.
    await waitFor(
      'billing to know Ioana',
      async () => (await source!.sql('select 1 from billing.child where id = $1', [ioana])).length === 1,
    );
    await source.killService('therapy');
    await addLicence(parent, ioana);
    const subscription = await parent.expect(200, 'GET', '/api/user/subscription-data');
    await waitFor(
      'billing to publish the licence',
      async () => (await outbox(source!, 'billing')).length === 0,
    );
    const licence = (await publishedEvents(source, 'billing')).findLast(
      (event) => event.type === Subjects.LicenseAssignedV1,
    )!;
    expect(await handledEvents(source, 'therapy', [licence.id])).toEqual(new Set());

    await source.backup(backupFile);
    await source.stop();
    source = undefined;

    restored = await FaultySystem.start({ postgres: 'machine', restoreFrom: backupFile });
    const again = await restored.login(email, PASSWORD);
    // The licence reaches therapy from the restored outbox: Ioana's data opens, and the event is handled once.
    await untilGate(again, ioana, true);
    expect(await handledEvents(restored, 'therapy', [licence.id])).toEqual(new Set([licence.id]));
    expect(await familyView(again, ana, itemId)).toEqual(before);
    expect(await again.expect(200, 'GET', '/api/user/subscription-data')).toEqual(subscription);
    // Every event the outboxes had published is in the new streams again, and each consumer's inbox still holds
    // each id once: what was handled before the backup was skipped, not applied twice (Ana's licence: one row).
    const republished = await publishedEvents(restored, 'billing');
    expect(republished.map((event) => event.id)).toContain(licence.id);
    expect(await restored.sql('select 1 from therapy.child_licence where child_id = $1', [ana])).toHaveLength(
      1,
    );
  }, 300_000);
});
