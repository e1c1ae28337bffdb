// Load on four calls with autocannon, through the gateway and, for the same calls, directly against the owning
// service (therapy) with an internal token the benchmark signs with the gateway's secret (bench/system.mjs sets
// it) and the same codec the gateway uses (@aba/server-kit). Same duration and connections on both sides.
import autocannon from 'autocannon';
import http from 'node:http';
import { percentile } from './system.mjs';

export const SECONDS = 10;
export const CONNECTIONS = 16;

/** What a browser's requests send as `Accept-Encoding`. */
const BROWSERS_ENCODINGS = 'gzip, deflate, br';
const WARM_UP_SECONDS = 2;

/** Signs the internal token services accept (60 s lifetime: a fresh one per run). */
export async function internalToken(system, identity) {
  const { INTERNAL_TOKEN_HEADER, InternalTokenCodec } = await import('@aba/server-kit');
  return {
    header: INTERNAL_TOKEN_HEADER,
    value: await new InternalTokenCodec(system.internalTokenSecret).sign(identity),
  };
}

/**
 * One autocannon run; `paths` is one path or a function giving the next one (each request may go elsewhere), sent
 * with `body`; or `next`, a function giving each request's `{ path, body }`. Requests take the encodings a browser
 * takes (the detailed view answers gzip to them, ADR 0060); autocannon counts the bytes and never decodes them.
 */
export async function cannon({
  base,
  method,
  paths,
  headers,
  body,
  next,
  seconds = SECONDS,
  connections = CONNECTIONS,
  overallRate,
}) {
  const nextPath = typeof paths === 'function' ? paths : () => paths;
  const nextRequest = next ?? (() => ({ path: nextPath(), body }));
  const encoded = () => {
    const request = nextRequest();
    return { path: request.path, ...(request.body ? { body: JSON.stringify(request.body) } : {}) };
  };
  const first = encoded();
  const result = await autocannon({
    url: base,
    connections,
    duration: seconds,
    ...(overallRate ? { overallRate } : {}),
    requests: [
      {
        method,
        ...first,
        headers: {
          'accept-encoding': BROWSERS_ENCODINGS,
          ...headers,
          ...(first.body ? { 'content-type': 'application/json' } : {}),
        },
        setupRequest: (request) => ({ ...request, ...encoded() }),
      },
    ],
  });
  return {
    'req/s': Math.round(result['2xx'] / result.duration),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    requests: result['2xx'] + result.non2xx,
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

/** Cycles through `values`. */
const rotate = (values) => {
  let i = 0;
  return () => values[i++ % values.length];
};

/** Parent 0's child whose items the evaluation create load scores (not the heavy one). */
export const lightChild = (data) =>
  data.children.find((child) => child.parentIndex === 0 && child.id !== data.heavy.childId);

/**
 * The four calls of the issue on the seeded data: evaluation create (over the items of a light child, so that the
 * heavy child's chart data stays as seeded), the heavy plan's detailed view, parent 0's child list, behaviour log.
 */
export function loadCalls(data) {
  const light = lightChild(data);
  const plan = light.plans[0];
  const evaluationPaths = plan.subPlans.flatMap((subPlan) =>
    subPlan.items.map((item) => `/api/child/${light.id}/plan/${plan.id}/item/${item}/evaluation/create`),
  );
  const behaviorPaths = data.children
    .filter((child) => child.parentIndex === 0)
    .flatMap((child) => child.behaviors.map((id) => `/api/behavior/${id}/log`));
  return [
    { key: 'childList', name: 'child list', method: 'GET', paths: () => '/api/child/list' },
    {
      key: 'detailedView',
      name: 'detailed plan view',
      method: 'GET',
      paths: () => `/api/child/${data.heavy.childId}/plan/${data.heavy.planId}/detailed-view`,
    },
    {
      key: 'evaluationCreate',
      name: 'evaluation create',
      method: 'POST',
      paths: () => rotate(evaluationPaths),
      pathList: evaluationPaths,
      body: { result: 'YES' },
    },
    { key: 'behaviorLog', name: 'behaviour log', method: 'POST', paths: () => rotate(behaviorPaths) },
  ];
}

/** The same calls one at a time through the gateway (for counting their SQL statements): `{ key, name, request }`. */
export function singleCalls(data) {
  return loadCalls(data).map((call) => {
    const paths = call.paths();
    const nextPath = typeof paths === 'function' ? paths : () => paths;
    return {
      key: call.key,
      name: call.name,
      async request() {
        const { status, body } = await data.parent.call(call.method, nextPath(), call.body);
        if (status < 200 || status > 299) throw new Error(`${call.name} → ${status} ${JSON.stringify(body)}`);
      },
    };
  });
}

/** Gateway and direct runs of each call; returns `{ [key]: { name, gateway, direct, ratio } }`. */
export async function gatewayVersusDirect(system, data, log = console.log) {
  const results = {};
  for (const call of loadCalls(data)) {
    const viaGateway = {
      base: system.baseUrl,
      headers: { cookie: data.parent.cookie, origin: system.origin },
    };
    await cannon({ ...call, ...viaGateway, paths: call.paths(), seconds: WARM_UP_SECONDS });
    const gateway = await cannon({ ...call, ...viaGateway, paths: call.paths() });
    const token = await internalToken(system, data.user);
    const direct = await cannon({
      ...call,
      base: system.serviceUrls.therapy,
      headers: { [token.header]: token.value },
      paths: call.paths(),
    });
    const ratio = direct['req/s'] ? Number((gateway['req/s'] / direct['req/s']).toFixed(3)) : null;
    results[call.key] = { name: call.name, gateway, direct, ratio };
    log(
      `  load: ${call.name}: gateway ${gateway['req/s']} req/s, direct ${direct['req/s']} req/s, ratio ${ratio}`,
    );
  }
  return results;
}

/**
 * GET `url` at a fixed `rate` requests/s, evenly spaced (one request every 1000/rate ms, sent on schedule whatever the
 * earlier answers' latency: an open model, so slow answers cannot hide later delays), after `rate` calls one by one
 * to warm up. Not autocannon's `overallRate`, which releases each second's requests together at the start of the
 * second: a burst of them at once is not the steady rate a clinic's therapists make. Latency is from sending to the
 * last byte read: `{ 'rate /s', 'p50 ms', 'p99 ms', requests, errors }`. The request takes the encodings a browser
 * takes, and the bytes are read as they come, not decoded: a browser decodes off its page's thread, whereas decoding
 * here (850 KB of the detailed view, ≈ 19 ms of this process's CPU a call with `fetch`) would delay the very answers it
 * times, on the machine under test.
 */
export async function evenlySpaced({ url, headers, rate, seconds = SECONDS }) {
  const agent = new http.Agent({ keepAlive: true });
  const once = () =>
    new Promise((resolve, reject) => {
      const begin = performance.now();
      const request = http.get(url, {
        agent,
        headers: { 'accept-encoding': BROWSERS_ENCODINGS, ...headers },
      });
      request.on('error', reject);
      request.on('response', (response) => {
        response.on('error', reject);
        response.on('data', () => {});
        response.on('end', () => resolve({ ok: response.statusCode < 400, ms: performance.now() - begin }));
      });
    });
  for (let i = 0; i < rate; i++) await once();
  const total = rate * seconds;
  const started = performance.now();
  const answers = [];
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / rate;
    await new Promise((done) => setTimeout(done, Math.max(0, due - performance.now())));
    answers.push(once().catch(() => ({ ok: false, ms: Infinity })));
  }
  const results = await Promise.all(answers);
  agent.destroy();
  const latencies = results.map((r) => r.ms).sort((a, b) => a - b);
  return {
    'rate /s': rate,
    'p50 ms': Number(percentile(latencies, 50).toFixed(1)),
    'p99 ms': Number(percentile(latencies, 99).toFixed(1)),
    requests: total,
    errors: results.filter((r) => !r.ok).length,
  };
}

/**
 * The detailed view through the gateway at a fixed 50 requests/s, evenly spaced (`evenlySpaced`). Also checks the
 * plan's shape: sub-plans, items, and items showing their last 5 evaluations.
 */
export async function detailedViewAtFixedRate(system, data, rate = 50) {
  const call = loadCalls(data).find((c) => c.key === 'detailedView');
  const view = await data.parent.expect(200, 'GET', call.paths());
  const items = view.sub_plans.flatMap((subPlan) => subPlan.items);
  const headers = { cookie: data.parent.cookie, origin: system.origin };
  return {
    ...(await evenlySpaced({ url: `${system.baseUrl}${call.paths()}`, headers, rate })),
    'sub-plans': view.sub_plans.length,
    items: items.length,
    'items showing 5 evaluations': items.filter((item) => item.evaluations.length >= 5).length,
    'response KB': Math.round(JSON.stringify(view).length / 1024),
  };
}
