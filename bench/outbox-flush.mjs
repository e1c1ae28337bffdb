// The phone's outbox (issue 16, ADR 0038): how long the app takes to send 1 000 captures a phone kept while offline.
// In Chromium, logged in as parent 0 on /outbox: once the app has opened its IndexedDB outbox, 1 000 evaluations of
// one of the parent's children (200 on each of 5 items, each with its own id and capture time) are written into it
// as the app writes them, and the app is asked to send them ("Send now"); the time runs until the outbox is empty.
// Afterwards the server must hold exactly those 1 000 trials.
/* global indexedDB -- used in functions that run in the page (page.evaluate) */
import { randomUUID } from 'node:crypto';
import { chromium } from 'playwright';
import { therapyClient } from '@aba/infra/history';
import { LAUNCH } from './frontend.mjs';

export const OUTBOX_RECORDS = 1_000;
const ITEMS = 5;
const PARENT = { email: 'bench.parent0@aba-bench.test', password: 'Bench-parola-2026' };

/** `OUTBOX_RECORDS` queued evaluations of `child`'s first items, in the app's outbox record shape. */
function queuedEvaluations(userId, child) {
  const items = child.plans[0].subPlans[0].items.slice(0, ITEMS);
  const start = Date.now() - 2 * 3_600_000;
  return Array.from({ length: OUTBOX_RECORDS }, (_, n) => {
    const id = randomUUID();
    const capturedAt = new Date(start + n * 5_000).toISOString();
    return {
      id,
      userId,
      childId: child.id,
      kind: 'evaluation',
      path: `/api/sub-plan-item/${items[n % items.length]}/evaluation/create`,
      body: { result: n % 3 === 0 ? 'NO' : 'YES', id, captured_at: capturedAt },
      capturedAt,
      queuedAt: capturedAt,
      attempts: 0,
      nextAttemptAt: 0,
    };
  });
}

const outboxSize = (page) =>
  page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('aba-outbox');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const count = db.transaction('records').objectStore('records').count();
          count.onsuccess = () => {
            db.close();
            resolve(count.result);
          };
        };
      }),
  );

export async function outboxFlush(system, data, log = console.log) {
  const child = data.children.find(
    (candidate) => candidate.parentIndex === 0 && candidate.id !== data.heavy.childId,
  );
  if (!child) throw new Error('no second child of parent 0 in the seed');
  const records = queuedEvaluations(data.user.userId, child);
  const browser = await chromium.launch(LAUNCH);
  try {
    const context = await browser.newContext({ timezoneId: 'UTC', locale: 'ro-RO' });
    const login = await context.request.post(`${system.origin}/api/login`, {
      data: PARENT,
      headers: { origin: system.origin },
    });
    if (login.status() !== 200) throw new Error(`login in the browser → ${login.status()}`);
    const page = await context.newPage();
    await page.goto(`${system.origin}/outbox`);
    await page
      .getByText('Tot ce ați înregistrat pe acest telefon a ajuns pe server.')
      .waitFor({ timeout: 60_000 });
    await page.evaluate(
      (queued) =>
        new Promise((resolve, reject) => {
          const open = indexedDB.open('aba-outbox');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const db = open.result;
            const tx = db.transaction('records', 'readwrite');
            for (const record of queued) tx.objectStore('records').add(record);
            tx.oncomplete = () => {
              db.close();
              resolve();
            };
            tx.onerror = () => reject(tx.error);
          };
        }),
      records,
    );
    if ((await outboxSize(page)) !== OUTBOX_RECORDS) throw new Error('the records did not reach the outbox');

    const started = performance.now();
    await page.evaluate(() => new BroadcastChannel('aba-outbox-queued').postMessage('queued'));
    let left = OUTBOX_RECORDS;
    while (left > 0) {
      if (performance.now() - started > 300_000)
        throw new Error(`${left} records still queued after 5 minutes`);
      await page.waitForTimeout(100);
      left = await outboxSize(page);
    }
    const seconds = (performance.now() - started) / 1000;

    const therapy = await therapyClient(system);
    let onServer;
    try {
      const { rows } = await therapy.query(
        'select count(*)::int as n from "therapy"."item_evaluation" where "id" = any($1::uuid[])',
        [records.map((record) => record.id)],
      );
      onServer = rows[0].n;
    } finally {
      await therapy.end();
    }
    const result = {
      records: OUTBOX_RECORDS,
      seconds: Number(seconds.toFixed(1)),
      'records/s': Math.round(OUTBOX_RECORDS / seconds),
      onServer,
    };
    log(`  outbox flush: ${JSON.stringify(result)}`);
    if (onServer !== OUTBOX_RECORDS)
      throw new Error(`the server holds ${onServer} of the ${OUTBOX_RECORDS} records`);
    return result;
  } finally {
    await browser.close();
  }
}
