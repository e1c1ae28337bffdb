// Gateway throughput against calling the upstream directly. Prints figures; never fails.
// Usage (after `npm run build`): npm run bench [-- --seconds 5 --connections 64 --work-ms 0 --log-level info]
// The upstream is a plain node:http server answering a small JSON body after `--work-ms` of CPU work per request
// (0 = the harshest case for the gateway: the proxy hop is then the whole cost).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '64' },
    'work-ms': { type: 'string', default: '0' },
    'log-level': { type: 'string', default: 'info' },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const workMs = Number(values['work-ms']);

const upstreamSource = `
  const http = require('node:http');
  const body = JSON.stringify({ children: [{ id: '3f1c2a9e-5b6d-4e7f-8a9b-0c1d2e3f4a5b', first_name: 'Ana', last_name: 'Pop' }] });
  http.createServer((req, res) => {
    req.resume();
    const until = Date.now() + ${workMs};
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
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`${url} never answered`);
}

async function load(url) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const { hostname, port, pathname } = new URL(url);
  let done = 0;
  let failed = 0;
  const deadline = Date.now() + seconds * 1000;
  const one = () =>
    new Promise((resolve) => {
      const request = http.get({ hostname, port, path: pathname, agent }, (response) => {
        response.resume();
        response.on('end', () => {
          if (response.statusCode === 200) done += 1;
          else failed += 1;
          resolve();
        });
      });
      request.on('error', () => {
        failed += 1;
        resolve();
      });
    });
  const worker = async () => {
    while (Date.now() < deadline) await one();
  };
  // warm-up
  await Promise.all(Array.from({ length: connections }, () => one()));
  const started = Date.now();
  await Promise.all(Array.from({ length: connections }, worker));
  const elapsed = (Date.now() - started) / 1000;
  agent.destroy();
  return { rps: done / elapsed, failed };
}

const node = process.execPath;
const upstream = spawn(node, ['-e', upstreamSource], { stdio: ['ignore', 'pipe', 'inherit'] });
const upstreamPort = await firstLine(upstream);
const gatewayPort = 18000 + Math.floor(Math.random() * 1000);
const gateway = spawn(node, [fileURLToPath(new URL('../dist/main.js', import.meta.url))], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    PORT: String(gatewayPort),
    INTERNAL_TOKEN_SECRET: 'bench-secret-bench-secret-bench-secret!',
    THERAPY_URL: `http://127.0.0.1:${upstreamPort}`,
    LOG_LEVEL: values['log-level'],
  },
});

try {
  const direct = `http://127.0.0.1:${upstreamPort}/api/child/list`;
  const viaGateway = `http://127.0.0.1:${gatewayPort}/api/child/list`;
  await waitFor(viaGateway);
  const a = await load(direct);
  const b = await load(viaGateway);
  console.log(
    JSON.stringify(
      {
        connections,
        seconds,
        upstreamWorkMs: workMs,
        logLevel: values['log-level'],
        directRps: Math.round(a.rps),
        gatewayRps: Math.round(b.rps),
        ratio: Number((b.rps / a.rps).toFixed(3)),
        failed: a.failed + b.failed,
      },
      null,
      2,
    ),
  );
} finally {
  gateway.kill('SIGTERM');
  upstream.kill('SIGTERM');
  await Promise.all([once(gateway, 'exit'), once(upstream, 'exit')]);
}
