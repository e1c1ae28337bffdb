// `npx node bench/http-adapters.mjs`: what Nest's HTTP adapter itself costs a request, Express (what the services and
// the gateway run on) against Fastify (@nestjs/platform-fastify), for issue 19's question whether to move (ADR 0061).
// One Nest app with two routes shaped like the product's calls (a child-scoped GET answering ten items; a POST of a
// trial answering 201) and nothing behind them, so that only the framework is measured, started in a process of its
// own per adapter; autocannon loads it from this process, 16 connections, a 2-s warm-up and 8 s measured per route,
// the two adapters in turn `ROUNDS` times. Reported per round: requests/s, p99, and the server process's CPU per
// request (/proc), the figure that says what a real call, whose CPU is mostly elsewhere, would save.
import 'reflect-metadata';
import autocannon from 'autocannon';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Body, Controller, Get, HttpCode, Module, Param, Post } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { processCpuMs } from './system.mjs';

const ROUNDS = 3;
const PORTS = { express: 4901, fastify: 4902 };

const items = Array.from({ length: 10 }, (_, i) => ({
  id: `00000000-0000-4000-8000-00000000000${i}`,
  description: 'Contact vizual la cerere',
  status: 'IN_LEARNING',
  yes: 4,
  trials: 5,
}));

/** The two routes, decorated by hand (this file is plain JavaScript). */
class Calls {
  async view(childId) {
    await Promise.resolve();
    return { child_id: childId, items };
  }

  async create(itemId, body) {
    await Promise.resolve();
    return { evaluation: { item_id: itemId, result: body.result, created_at: new Date().toISOString() } };
  }
}
const decorate = (name, decorators) =>
  decorators.forEach((decorator) =>
    decorator(Calls.prototype, name, Object.getOwnPropertyDescriptor(Calls.prototype, name)),
  );
Param('id')(Calls.prototype, 'view', 0);
decorate('view', [Get('child/:id/view')]);
Param('id')(Calls.prototype, 'create', 0);
Body()(Calls.prototype, 'create', 1);
decorate('create', [Post('item/:id/evaluation/create'), HttpCode(201)]);
Reflect.defineMetadata('design:paramtypes', [], Calls);
Controller('api')(Calls);
class CallsModule {}
Module({ controllers: [Calls] })(CallsModule);

/** Serves `CallsModule` on `adapter`'s port, then tells the parent. */
async function serve(adapter) {
  const app =
    adapter === 'fastify'
      ? await NestFactory.create(
          CallsModule,
          new (await import('@nestjs/platform-fastify')).FastifyAdapter(),
          { logger: false },
        )
      : await NestFactory.create(CallsModule, { logger: false });
  await app.listen(PORTS[adapter], '127.0.0.1');
  process.send('listening');
}

const routes = [
  { name: 'GET view', method: 'GET', path: '/api/child/c1/view' },
  {
    name: 'POST create',
    method: 'POST',
    path: '/api/item/i1/evaluation/create',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ result: 'YES', session_id: '3f0a0a0a-0000-4000-8000-000000000000' }),
  },
];

async function measure() {
  for (let round = 1; round <= ROUNDS; round++) {
    for (const [adapter, port] of Object.entries(PORTS)) {
      const server = fork(fileURLToPath(import.meta.url), [adapter]);
      await new Promise((listening) => server.once('message', listening));
      try {
        for (const { name, path, ...request } of routes) {
          const load = (duration) =>
            autocannon({ url: `http://127.0.0.1:${port}${path}`, ...request, connections: 16, duration });
          await load(2);
          const before = processCpuMs(server.pid);
          const result = await load(8);
          const used = processCpuMs(server.pid) - before;
          console.log(`round ${round}, ${adapter}, ${name}:`, {
            'req/s': Math.round(result.requests.average),
            'p99 ms': result.latency.p99,
            'server CPU µs/request': Math.round((used * 1000) / result.requests.total),
            errors: result.errors + result.non2xx,
          });
        }
      } finally {
        server.kill();
      }
    }
  }
}

if (process.argv[2]) await serve(process.argv[2]);
else await measure();
