import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { plansClient } from './testing/plans-client.js';
import { createChild, startTherapy, type TherapyHarness } from './testing/therapy-harness.js';
import { metricSample } from '@aba/server-kit/testing';

describe("therapy's metrics (issue 19, ADR 0054): GET /metrics", () => {
  let therapy: TherapyHarness;

  beforeAll(async () => {
    therapy = await startTherapy();
  });

  afterAll(() => therapy.close());

  const scrape = async () => (await therapy.http().get('/metrics').expect(200)).text;

  it('counts requests by route template, never by concrete path, with their status and latency', async () => {
    const owner = await therapy.registerUser();
    const api = plansClient(therapy);
    const childId = await createChild(therapy, owner);
    for (let i = 0; i < 3; i++) {
      expect((await api.get(owner, `/api/child/${childId}/report/settings`)).status).toBe(200);
    }
    expect((await api.get(owner, `/api/child/${childId}/report/logo`)).status).toBe(404);
    const text = await scrape();
    const route = 'route="/api/child/{id}/report/settings"';
    expect(metricSample(text, 'http_requests_total', route, 'method="GET"', 'status="200"')).toBe(3);
    expect(metricSample(text, 'http_request_duration_seconds_count', route, 'status="200"')).toBe(3);
    expect(
      metricSample(text, 'http_requests_total', 'route="/api/child/{id}/report/logo"', 'status="404"'),
    ).toBe(1);
    expect(text).not.toContain(childId);
    // The first scrape already holds every part: each gauge reads its part itself, none waits for another.
    expect(
      metricSample(text, 'event_consumer_pending_events', 'consumer="therapy"', 'stream='),
    ).toBeGreaterThanOrEqual(0);
    expect(
      metricSample(text, 'event_consumer_unacknowledged_events', 'consumer="therapy"'),
    ).toBeGreaterThanOrEqual(0);
  });

  it("counts the events it consumed and shows each consumer's lag, and the outbox", async () => {
    // A user registered in identity reaches therapy's directory as an event.
    await therapy.registerUser();
    const text = await scrape();
    expect(
      metricSample(text, 'events_consumed_total', 'consumer="therapy"', 'outcome="handled"'),
    ).toBeGreaterThan(0);
    expect(
      metricSample(text, 'event_consumer_pending_events', 'consumer="therapy"', 'stream='),
    ).toBeGreaterThanOrEqual(0);
    expect(metricSample(text, 'event_consumer_redelivered_events', 'consumer="therapy"')).toBe(0);
    expect(metricSample(text, 'outbox_backlog_events', 'service="therapy"')).toBeGreaterThanOrEqual(0);
    expect(metricSample(text, 'db_pool_connections_in_use', 'service="therapy"')).toBeGreaterThanOrEqual(0);
  });

  it("still answers when a part cannot be read (the outbox's table gone), counting that part's failure", async () => {
    await therapy.sql('alter table "therapy"."outbox_event" rename to "outbox_event_away"');
    let during: string;
    try {
      during = await scrape();
    } finally {
      await therapy.sql('alter table "therapy"."outbox_event_away" rename to "outbox_event"');
    }
    expect(metricSample(during, 'http_requests_total', 'route="/metrics"')).toBeGreaterThan(0);
    // The failure is counted as the scrape reads the parts side by side: the next scrape shows it.
    const text = await scrape();
    expect(metricSample(text, 'metrics_read_failures_total', 'part="outbox"')).toBe(1);
  });

  it("has every metric the operators' dashboard (infra/deploy/grafana-dashboard.json) draws", async () => {
    const dashboard = JSON.parse(
      readFileSync(new URL('../../../infra/deploy/grafana-dashboard.json', import.meta.url), 'utf8'),
    ) as { panels: Array<{ targets: Array<{ expr: string }> }> };
    const drawn = new Set(
      dashboard.panels
        .flatMap((panel) => panel.targets.map((target) => target.expr))
        .flatMap((expr) => expr.match(/\b[a-z_][a-z0-9_]*(?=[{[\s)]|$)/g) ?? [])
        .filter((name) => /_(total|seconds|events|bucket|in_use|max|waiting)$/.test(name))
        .map((name) => name.replace(/_bucket$/, '')),
    );
    const text = await scrape();
    const scraped = new Set(text.split('\n').flatMap((line) => line.match(/^# TYPE (\S+)/)?.[1] ?? []));
    expect(drawn.size).toBeGreaterThan(10);
    expect([...drawn].filter((name) => !scraped.has(name))).toEqual([]);
  });
});
