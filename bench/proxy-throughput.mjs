// The gateway's own cost: the same call through the gateway and directly against a no-op upstream, with autocannon.
// The upstream is a plain node:http server answering a small JSON body after `--work-ms` of CPU work per request
// (0 = the harshest case for the gateway: the proxy hop is then the whole cost). The call is the public
// GET /api/get-session without a cookie (routed to "identity", here the no-op upstream): no session look-up, so the
// figure is the hop itself (routing, token, headers, streaming). The real calls on the real services are measured by
// `npm run bench` (bench/load.mjs). Prints figures; never fails.
// Usage (after `npm run build`): npx node bench/proxy-throughput.mjs [--seconds 5 --connections 16 --work-ms 0 --log-level info]
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const PATH = '/api/get-session';

const upstreamSource = (workMs) => `
  const http = require('node:http');
  const body = JSON.stringify({ id: '3f1c2a9e-5b6d-4e7f-8a9b-0c1d2e3f4a5b', email: 'ana@example.com', first_name: 'Ana', last_name: 'Pop', role: 'PARENT' });
  http.createServer((req, res) => {
    req.resume();
    const until = Date.now() + ${Number(workMs)};
    while (Date.now() < until);
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  }).listen(0, '127.0.0.1', function () { console.log(this.address().port); });
`;

async function firstLine(child) {
  let buffer = '';
  for await (const chunk of child.stdout) {
    buffer += chunk;
    if (buffer.includes('\n')) return buffer.split('\n')[0].trim();
  }
  throw new Error('child exited before printing');
}

async function waitFor(url) {
  for (let i = 0; i < 100; i += 1) {
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // starting
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} never answered 200`);
}

async function load(url, seconds, connections) {
  await autocannon({ url, connections, duration: 1 }); // warm-up
  const result = await autocannon({ url, connections, duration: seconds });
  return {
    'req/s': Math.round(result['2xx'] / result.duration),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

/** Direct and through-the-gateway figures against the no-op upstream. */
export async function proxyThroughput({
  seconds = 5,
  connections = 16,
  workMs = 0,
  logLevel = 'error',
} = {}) {
  const node = process.execPath;
  const upstream = spawn(node, ['-e', upstreamSource(workMs)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const upstreamPort = await firstLine(upstream);
  const gatewayPort = 18000 + Math.floor(Math.random() * 1000);
  const gateway = spawn(node, [fileURLToPath(new URL('../gateway/dist/main.js', import.meta.url))], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(gatewayPort),
      HOST: '127.0.0.1',
      INTERNAL_TOKEN_SECRET: 'bench-secret-bench-secret-bench-secret!',
      IDENTITY_URL: `http://127.0.0.1:${upstreamPort}`,
      THERAPY_URL: `http://127.0.0.1:${upstreamPort}`,
      BILLING_URL: `http://127.0.0.1:${upstreamPort}`,
      LOG_LEVEL: logLevel,
    },
  });
  try {
    const direct = `http://127.0.0.1:${upstreamPort}${PATH}`;
    const viaGateway = `http://127.0.0.1:${gatewayPort}${PATH}`;
    await waitFor(viaGateway);
    const a = await load(direct, seconds, connections);
    const b = await load(viaGateway, seconds, connections);
    return {
      connections,
      seconds,
      upstreamWorkMs: workMs,
      logLevel,
      direct: a,
      gateway: b,
      ratio: Number((b['req/s'] / a['req/s']).toFixed(3)),
    };
  } finally {
    gateway.kill('SIGTERM');
    upstream.kill('SIGTERM');
    await Promise.all([
      gateway.exitCode === null ? once(gateway, 'exit') : null,
      upstream.exitCode === null ? once(upstream, 'exit') : null,
    ]);
  }
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string', default: '5' },
      connections: { type: 'string', default: '16' },
      'work-ms': { type: 'string', default: '0' },
      'log-level': { type: 'string', default: 'info' },
    },
  });
  const result = await proxyThroughput({
    seconds: Number(values.seconds),
    connections: Number(values.connections),
    workMs: Number(values['work-ms']),
    logLevel: values['log-level'],
  });
  console.log(JSON.stringify(result, null, 2));
}
