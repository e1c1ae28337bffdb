import { Controller, Get, Header } from '@nestjs/common';
import type { HealthCheck } from '@aba/contracts/api';

/** The gateway's own liveness (not proxied; each service has its own). */
@Controller('health')
export class HealthController {
  @Get()
  @Header('Cache-Control', 'no-store')
  health(): HealthCheck {
    return { status: 'ok', checks: { gateway: 'up' } };
  }
}
