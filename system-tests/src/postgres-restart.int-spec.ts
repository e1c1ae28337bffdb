import type { Api } from '@aba/infra/api-client';
import {
  FaultySystem,
  GATEWAY_SESSION_TIMEOUT_MS,
  GATEWAY_UPSTREAM_TIMEOUT_MS,
  PASSWORD,
  SERVICES,
  type ServiceName,
} from './support/faulty-system.js';
import {
  addLicence,
  createChild,
  createItem,
  parentWithSubscription,
  SETTLE_MS,
  untilGate,
  waitFor,
} from './support/journeys.js';

/** One request of the traffic: what was asked, what came back, when, and how long it took. */
interface Exchange {
  kind: 'evaluation' | 'behaviour log';
  status: number;
  body: unknown;
  startedAt: number;
  endedAt: number;
  /** The id of what a 2xx answer says was written. */
  id?: string;
}

/**
 * The longest a request through the gateway may take: the gateway asks identity about the session (3 s at most),
 * then waits for the service's answer (UPSTREAM_TIMEOUT_MS: the system runs with its default, 15 s), else it
 * answers 502/504 itself.
 */
const REQUEST_BOUND_MS = GATEWAY_SESSION_TIMEOUT_MS + GATEWAY_UPSTREAM_TIMEOUT_MS;
const CLIENTS = 4;
/** How long Postgres stays down once every service has noticed. */
const OUTAGE_MS = 3_000;

/**
 * Issue 8, fault 2: Postgres restarted under traffic. The services report unhealthy while it is down and recover by
 * themselves; no request hangs longer than its time-out; every write that was acknowledged is in the database.
 */
describe('Postgres restarted under traffic', () => {
  let system: FaultySystem;
  let itemId: string;
  let behaviorId: string;
  const clients: Api[] = [];
  const exchanges: Exchange[] = [];
  let traffic: { stop(): Promise<void> } | undefined;

  beforeAll(async () => {
    system = await FaultySystem.start();
    const email = 'parinte.postgres@aba-system.test';
    const parent = await parentWithSubscription(system, email, 1);
    const childId = await createChild(parent, 'Dan');
    await addLicence(parent, childId, SETTLE_MS);
    await untilGate(parent, childId, true);
    itemId = await createItem(
      parent,
      childId,
      { name: 'Atenție', description: 'Contact vizual' },
      'Contact vizual la chemarea numelui',
    );
    const { behavior } = await parent.expect(201, 'POST', `/api/child/${childId}/behavior/create`, {
      name: 'Țipă',
    });
    behaviorId = behavior.id;
    // A few people at work at once: each client is a session of its own.
    for (let i = 0; i < CLIENTS; i++) clients.push(await system.login(email, PASSWORD));
  }, 120_000);

  afterAll(async () => {
    await traffic?.stop();
    await system?.stop();
  }, 60_000);

  /** Each client writes in a loop (evaluations or behaviour logs, alternately per client) until stopped. */
  function startTraffic() {
    let running = true;
    const loops = clients.map(async (client, index) => {
      const kind: Exchange['kind'] = index % 2 === 0 ? 'evaluation' : 'behaviour log';
      while (running) {
        const startedAt = Date.now();
        // The client gives up after 30 s (infra's Api): recorded as status 0, which the bound below catches.
        const { status, body } = await (
          kind === 'evaluation'
            ? client.call('POST', `/api/sub-plan-item/${itemId}/evaluation/create`, {
                result: index % 4 === 0 ? 'YES' : 'NO',
              })
            : client.call('POST', `/api/behavior/${behaviorId}/log`)
        ).catch((error: unknown) => ({ status: 0, body: { error: String(error) } }));
        const endedAt = Date.now();
        const id =
          status >= 200 && status < 300
            ? kind === 'evaluation'
              ? body.evaluation?.id
              : body.entry?.id
            : undefined;
        exchanges.push({ kind, status, body, startedAt, endedAt, id });
        await new Promise((done) => setTimeout(done, 50));
      }
    });
    return {
      async stop() {
        running = false;
        await Promise.all(loops);
      },
    };
  }

  const succeeded = (exchange: Exchange) => exchange.status >= 200 && exchange.status < 300;
  const succeededSince = (kind: Exchange['kind'], since: number) =>
    exchanges.filter(
      (exchange) => exchange.kind === kind && exchange.startedAt >= since && succeeded(exchange),
    ).length;

  it('reports unhealthy while Postgres is down, recovers by itself, bounds every request and keeps every acknowledged write', async () => {
    const pids = Object.fromEntries(SERVICES.map((service) => [service, system.pid(service)]));
    traffic = startTraffic();
    const started = Date.now();
    await waitFor(
      'traffic to flow',
      () => succeededSince('evaluation', started) >= 5 && succeededSince('behaviour log', started) >= 5,
    );

    await system.stopPostgres();
    const downAt = Date.now();
    const unhealthy = new Map<ServiceName, unknown>();
    await waitFor('every service to report its database down', async () => {
      for (const service of SERVICES) {
        const health = await system.health(service);
        if (health.status !== 200) unhealthy.set(service, health);
      }
      return unhealthy.size === SERVICES.length;
    });
    // The traffic runs into the outage for a few seconds.
    await new Promise((done) => setTimeout(done, OUTAGE_MS));

    await system.startPostgres();
    const upAt = Date.now();
    for (const service of SERVICES) {
      await waitFor(
        `${service} to report healthy again`,
        async () => (await system.health(service)).status === 200,
      );
    }
    await waitFor(
      'writes to succeed again',
      () => succeededSince('evaluation', upAt) >= 5 && succeededSince('behaviour log', upAt) >= 5,
    );
    await traffic.stop();

    // Operators saw it: each service answered /health 503 with its database down, and nothing had to be restarted.
    for (const service of SERVICES) {
      expect(unhealthy.get(service)).toEqual({
        status: 503,
        body: { status: 'error', checks: { database: 'down', nats: 'up' } },
      });
    }
    expect(Object.fromEntries(SERVICES.map((service) => [service, system.pid(service)]))).toEqual(pids);
    expect(system.unexpectedExits).toEqual([]);

    // Requests were under way during the outage, and every one was answered, within its time-out, in JSON.
    const duringOutage = exchanges.filter(
      (exchange) => exchange.startedAt > downAt && exchange.endedAt < upAt,
    );
    expect(duringOutage.length).toBeGreaterThanOrEqual(CLIENTS);
    const slow = exchanges.filter((exchange) => exchange.endedAt - exchange.startedAt > REQUEST_BOUND_MS);
    expect(slow).toEqual([]);
    // Each failure is a JSON error answered at once, by the service (its database is gone: 503, try again) or by
    // the gateway (identity cannot resolve the session: 502): never the gateway giving up on a hanging service (504)
    // nor an unexplained 500.
    const failures = exchanges.filter((exchange) => !succeeded(exchange));
    expect(failures.length).toBeGreaterThan(0);
    const unexplained = failures.filter(
      (failure) =>
        ![502, 503].includes(failure.status) ||
        typeof (failure.body as { error?: unknown } | null)?.error !== 'string',
    );
    expect(unexplained).toEqual([]);
    expect(failures.some((failure) => failure.status === 503)).toBe(true);

    // Every acknowledged write is in the database.
    const evaluations = exchanges
      .filter((exchange) => exchange.kind === 'evaluation' && succeeded(exchange))
      .map((e) => e.id!);
    const logs = exchanges
      .filter((exchange) => exchange.kind === 'behaviour log' && succeeded(exchange))
      .map((e) => e.id!);
    const stored = async (table: string, ids: string[]) =>
      (
        await system.sql<{ id: string }>(
          `select "id" from "therapy"."${table}" where "id" = any($1::uuid[])`,
          [ids],
        )
      )
        .map((row) => row.id)
        .sort();
    expect(await stored('item_evaluation', evaluations)).toEqual([...evaluations].sort());
    expect(await stored('behavior_tracking', logs)).toEqual([...logs].sort());

    system.note(summary(exchanges, downAt, upAt));
  }, 150_000);
});

/** What the traffic saw, a line per status (count, slowest), for the run's log. */
function summary(exchanges: Exchange[], downAt: number, upAt: number): string {
  const byStatus = new Map<number, { count: number; slowest: number }>();
  for (const exchange of exchanges) {
    const entry = byStatus.get(exchange.status) ?? { count: 0, slowest: 0 };
    entry.count++;
    entry.slowest = Math.max(entry.slowest, exchange.endedAt - exchange.startedAt);
    byStatus.set(exchange.status, entry);
  }
  const lines = [...byStatus].map(
    ([status, { count, slowest }]) => `  ${status}: ${count} requests, slowest ${slowest} ms`,
  );
  return [`Postgres down for ${upAt - downAt} ms; ${exchanges.length} writes:`, ...lines].join('\n');
}
