import { expect, test, type APIRequestContext } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { baseURL } from '../e2e-environment.js';
import { newAccount, type NewAccount } from '../pages/account-pages.js';
import { registerActiveAccount } from '../support/accounts.js';
import { apiAs, giveSubscription, licensedChild, until } from '../support/api.js';
import { connectE2eDatabase } from '../support/database.js';

/*
 * Load correctness (issue 8): 100 simulated therapists at once for 60 s, each with its own session, open their
 * child's plans, evaluate items and log behaviours, now and then making a deliberate mistake. No answer may be an
 * error other than the deliberate ones, and the rows in the database must be exactly the acknowledged writes
 * (same number, same ids).
 *
 * Logging 100 therapists in from 127.0.0.1 is no problem for identity's login limit: it counts failed logins only
 * (20 per address in 15 minutes), and these all succeed.
 */

const THERAPISTS = 100;
const CHILDREN = 10;
const ITEMS_PER_CHILD = 4;
const LOAD_MS = 60_000;
/**
 * The therapists arrive over the first seconds (therapist i logs in at i × RAMP_UP_MS / THERAPISTS), as at the start
 * of a working day; then all of them work together for LOAD_MS. Logging 100 in at the very same instant is a login
 * storm: 100 argon2 hashes (19 MiB, 2 passes each) at once keep a 2-core machine busy for seconds, identity then
 * answers the gateway's session look-ups after its 3-second limit and the gateway answers 502 to users already in.
 */
const RAMP_UP_MS = 10_000;
/** A therapist's pause between two calls (a person at a tablet, sped up). */
const THINK_MS: [number, number] = [100, 300];

interface ChildSetup {
  childId: string;
  planId: string;
  itemIds: string[];
  behaviorIds: string[];
}

/** Runs `task` over `items`, at most `limit` at a time. */
async function inBatches<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await task(items[index], index);
      }
    }),
  );
  return results;
}

async function ok<T>(api: APIRequestContext, path: string, data?: unknown): Promise<T> {
  const response = await api.post(path, { data });
  expect(response.ok(), `${path} → ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** A licensed child with a plan, a sub-plan of items in it and two behaviours. */
async function childWithPlan(parent: APIRequestContext, index: number): Promise<ChildSetup> {
  const childId = await licensedChild(parent, `Sarcina${index}`, 'Incarcatu');
  const { id: subPlanId } = await ok<{ id: string }>(parent, `/api/child/${childId}/sub-plan/create`, {
    name: 'Comunicare',
    description: 'Cereri',
  });
  const { id: planId } = await ok<{ id: string }>(parent, `/api/child/${childId}/plan/create`, {
    name: 'Plan',
    description: 'Toamnă',
  });
  await ok(parent, `/api/child/${childId}/plan/${planId}/add-sub-plan`, { sub_plan_id: subPlanId });
  const itemIds: string[] = [];
  for (let item = 0; item < ITEMS_PER_CHILD; item++) {
    const created = await ok<{ item: { id: string } }>(parent, '/api/sub-plan-item/create', {
      description: `Item ${item + 1}`,
      sub_plan_id: subPlanId,
    });
    itemIds.push(created.item.id);
  }
  const behaviorIds: string[] = [];
  for (const name of ['Lovește', 'Țipă']) {
    behaviorIds.push(
      (await ok<{ behavior: { id: string } }>(parent, `/api/child/${childId}/behavior/create`, { name }))
        .behavior.id,
    );
  }
  return { childId, planId, itemIds, behaviorIds };
}

/** A plain fetch client with its own session cookie (lighter than a browser context per therapist). */
class Session {
  private cookie = '';
  constructor(readonly email: string) {}

  async call(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: unknown; ms: number }> {
    const started = performance.now();
    const response = await fetch(`${baseURL}${path}`, {
      method,
      headers: {
        origin: baseURL,
        cookie: this.cookie,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const setCookie = response.headers.get('set-cookie');
    if (setCookie?.startsWith('aba_session=')) this.cookie = setCookie.split(';')[0];
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // kept as text for the report
    }
    return { status: response.status, body: parsed, ms: performance.now() - started };
  }
}

interface Tally {
  requests: number;
  latencies: number[];
  evaluationIds: string[];
  trackingIds: string[];
  abcIds: string[];
  deliberate: number;
  unexpected: string[];
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One therapist's minute: log in, then loop over the plan list, the plan's detail, evaluations and behaviour logs. */
async function therapistLoop(
  session: Session,
  child: ChildSetup,
  password: string,
  { startAt, endAt }: { startAt: number; endAt: number },
  tally: Tally,
): Promise<void> {
  const call = async (method: 'GET' | 'POST', path: string, expected: number, body?: unknown) => {
    let answer: Awaited<ReturnType<Session['call']>>;
    try {
      answer = await session.call(method, path, body);
    } catch (error) {
      tally.requests++;
      tally.unexpected.push(`${method} ${path} → ${(error as Error).message}`);
      return null;
    }
    tally.requests++;
    tally.latencies.push(answer.ms);
    if (answer.status !== expected) {
      tally.unexpected.push(
        `${session.email} ${method} ${path} → ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`,
      );
      return null;
    }
    return answer.body as Record<string, { id: string }>;
  };

  await sleep(startAt - Date.now());
  if (!(await call('POST', '/api/login', 200, { email: session.email, password }))) return;
  const { childId, planId, itemIds, behaviorIds } = child;
  while (Date.now() < endAt) {
    const roll = Math.random();
    if (roll < 0.2) {
      await call('GET', `/api/child/${childId}/plan/list?status=ACTIVE`, 200);
    } else if (roll < 0.4) {
      await call('GET', `/api/child/${childId}/plan/${planId}/detailed-view?items_status=IN_LEARNING`, 200);
    } else if (roll < 0.55) {
      const body = await call(
        'POST',
        `/api/child/${childId}/plan/${planId}/item/${pick(itemIds)}/evaluation/create`,
        201,
        {
          result: pick(['YES', 'NO']),
        },
      );
      if (body) tally.evaluationIds.push(body.evaluation.id);
    } else if (roll < 0.7) {
      const body = await call('POST', `/api/sub-plan-item/${pick(itemIds)}/evaluation/create`, 201, {
        result: pick(['YES', 'NO']),
      });
      if (body) tally.evaluationIds.push(body.evaluation.id);
    } else if (roll < 0.82) {
      const body = await call('POST', `/api/behavior/${pick(behaviorIds)}/log`, 201);
      if (body) tally.trackingIds.push(body.entry.id);
    } else if (roll < 0.9) {
      const body = await call('POST', `/api/child/${childId}/behavior-abc/log`, 201, {
        behavior_id: pick(behaviorIds),
        antecedent: pick(['Cerere', 'Tranziție']),
        consequence: pick(['Pauză', 'Ignorare']),
      });
      if (body) tally.abcIds.push(body.entry.id);
      // An ABC entry is an occurrence (ADR 0019): unless it completed one already logged, it logged a new one.
      if (body && !body.attached) tally.trackingIds.push(body.occurrence.id);
    } else if (roll < 0.94) {
      await call('GET', `/api/behavior/${pick(behaviorIds)}`, 200);
    } else {
      // Deliberate mistakes: an item or behaviour that does not exist, a result that is not YES or NO.
      const mistake = pick([
        () => call('POST', `/api/sub-plan-item/${randomUUID()}/evaluation/create`, 404, { result: 'YES' }),
        () => call('POST', `/api/behavior/${randomUUID()}/log`, 404),
        () => call('POST', `/api/sub-plan-item/${pick(itemIds)}/evaluation/create`, 400, { result: 'MAYBE' }),
      ]);
      if (await mistake()) tally.deliberate++;
    }
    await sleep(THINK_MS[0] + Math.random() * (THINK_MS[1] - THINK_MS[0]));
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];

test('load: 100 therapists for 60 s make no unexpected error, and the rows are exactly the acknowledged writes', async ({
  request,
}) => {
  test.setTimeout(RAMP_UP_MS + LOAD_MS + 150_000);

  // Set-up: a parent with licensed children, each with a plan, items and behaviours, and ten therapists per child.
  const setupStarted = Date.now();
  const parentAccount = newAccount('Incarcata');
  await registerActiveAccount(request, parentAccount);
  await giveSubscription(parentAccount.email, CHILDREN);
  const parent = await apiAs(parentAccount.email, parentAccount.password);
  const children = await inBatches(
    Array.from({ length: CHILDREN }, (_, i) => i),
    5,
    (index) => childWithPlan(parent, index),
  );

  const therapists: NewAccount[] = Array.from({ length: THERAPISTS }, (_, i) =>
    newAccount(`Terapeut${i}`, { role: 'THERAPIST' }),
  );
  await inBatches(therapists, 10, (therapist) => registerActiveAccount(request, therapist));
  await inBatches(therapists, 10, async (therapist, index) => {
    const { childId } = children[index % CHILDREN];
    const added = await parent.post(`/api/child/${childId}/helper/add?access_type=THERAPIST`, {
      data: { email: therapist.email, access_type: 'THERAPIST' },
    });
    expect(added.status(), await added.text()).toBe(201);
  });
  await parent.dispose();
  // The therapists' access reaches every service through events: wait until the last one added can open its child.
  const last = therapists[THERAPISTS - 1];
  const lastApi = await apiAs(last.email, last.password);
  await until(
    () => lastApi.get(`/api/child/${children[(THERAPISTS - 1) % CHILDREN].childId}/plan/list`),
    200,
  );
  await lastApi.dispose();
  const setupSeconds = (Date.now() - setupStarted) / 1000;

  // The load: every therapist logs in and works on its child until the minute is over.
  const tally: Tally = {
    requests: 0,
    latencies: [],
    evaluationIds: [],
    trackingIds: [],
    abcIds: [],
    deliberate: 0,
    unexpected: [],
  };
  const loadStarted = Date.now();
  const endAt = loadStarted + RAMP_UP_MS + LOAD_MS;
  await Promise.all(
    therapists.map((therapist, index) =>
      therapistLoop(
        new Session(therapist.email),
        children[index % CHILDREN],
        therapist.password,
        { startAt: loadStarted + (index * RAMP_UP_MS) / THERAPISTS, endAt },
        tally,
      ),
    ),
  );
  const loadSeconds = (Date.now() - loadStarted) / 1000;

  // The rows of these children, against what was acknowledged.
  const db = await connectE2eDatabase();
  const childIds = children.map((child) => child.childId);
  const ids = async (sql: string) =>
    new Set((await db.query<{ id: string }>(sql, [childIds])).rows.map((row) => row.id));
  const evaluationRows = await ids('select id from therapy.item_evaluation where child_id = any($1)');
  const trackingRows = await ids(
    'select t.id from therapy.behavior_tracking t join therapy.behavior b on b.id = t.behavior_id where b.child_id = any($1)',
  );
  const abcRows = await ids(
    'select a.id from therapy.behavior_abc a join therapy.behavior b on b.id = a.behavior_id where b.child_id = any($1)',
  );
  await db.end();

  const sorted = [...tally.latencies].sort((a, b) => a - b);
  const writes = tally.evaluationIds.length + tally.trackingIds.length + tally.abcIds.length;
  console.log(
    [
      `load: ${THERAPISTS} therapists on ${CHILDREN} children, set-up ${setupSeconds.toFixed(1)} s, ` +
        `load ${loadSeconds.toFixed(1)} s (${RAMP_UP_MS / 1000} s of arrivals, then all together)`,
      `  requests ${tally.requests} (${(tally.requests / loadSeconds).toFixed(0)} req/s), acknowledged writes ${writes} ` +
        `(evaluations ${tally.evaluationIds.length}, behaviour logs ${tally.trackingIds.length}, ABC ${tally.abcIds.length})`,
      `  deliberate errors ${tally.deliberate}, unexpected errors ${tally.unexpected.length}`,
      `  latency ms: p50 ${percentile(sorted, 50)?.toFixed(0)}, p95 ${percentile(sorted, 95)?.toFixed(0)}, ` +
        `p99 ${percentile(sorted, 99)?.toFixed(0)}, max ${sorted.at(-1)?.toFixed(0)}`,
    ].join('\n'),
  );

  expect(tally.unexpected.slice(0, 10), `${tally.unexpected.length} unexpected errors`).toEqual([]);
  expect(tally.deliberate).toBeGreaterThan(0);
  expect(writes).toBeGreaterThan(0);
  const compare = (rows: Set<string>, acknowledged: string[]) => {
    const distinct = new Set(acknowledged);
    return {
      rows: rows.size,
      acknowledged: acknowledged.length,
      distinct: distinct.size,
      missing: acknowledged.filter((id) => !rows.has(id)).slice(0, 5),
      extra: [...rows].filter((id) => !distinct.has(id)).slice(0, 5),
    };
  };
  const same = (count: number) => ({
    rows: count,
    acknowledged: count,
    distinct: count,
    missing: [],
    extra: [],
  });
  expect(compare(evaluationRows, tally.evaluationIds)).toEqual(same(tally.evaluationIds.length));
  expect(compare(trackingRows, tally.trackingIds)).toEqual(same(tally.trackingIds.length));
  expect(compare(abcRows, tally.abcIds)).toEqual(same(tally.abcIds.length));
});
