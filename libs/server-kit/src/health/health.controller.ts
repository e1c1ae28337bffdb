import { Controller, Get, HttpStatus, Inject, Res } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/core';
import type { NatsConnection } from '@nats-io/transport-node';
import type { HealthCheck } from '@aba/contracts/api';
import { PublicRoute } from '../internal-token/internal-identity.guard.js';
import { NATS_CONNECTION } from '../events/events.options.js';

const CHECK_TIMEOUT_MS = 1_500;

function withinTimeout(check: Promise<unknown>): Promise<'up' | 'down'> {
  return Promise.race([
    check.then(() => 'up' as const),
    new Promise<'down'>((resolve) => setTimeout(() => resolve('down'), CHECK_TIMEOUT_MS).unref()),
  ]).catch(() => 'down' as const);
}

/** `/health`: the database and NATS, each answered within 1.5 s. 503 when either is down. */
@Controller('health')
export class HealthController {
  constructor(
    private readonly orm: MikroORM,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
  ) {}

  @Get()
  @PublicRoute()
  async check(@Res({ passthrough: true }) response: { status(code: number): void }): Promise<HealthCheck> {
    const [database, nats] = await Promise.all([
      withinTimeout(this.orm.em.getConnection().execute('select 1')),
      withinTimeout(this.nc.isClosed() ? Promise.reject(new Error('closed')) : this.nc.flush()),
    ]);
    const status = database === 'up' && nats === 'up' ? 'ok' : 'error';
    if (status === 'error') response.status(HttpStatus.SERVICE_UNAVAILABLE);
    return { status, checks: { database, nats } };
  }
}
