import { Controller, Get, Inject, Res } from '@nestjs/common';
import { PublicRoute } from '../internal-token/internal-identity.guard.js';
import { ServiceMetrics } from './service-metrics.js';

/**
 * `/metrics`: the service's metrics in Prometheus's text format, for a scraper on the services' network. Like
 * `/health` it needs no token: the gateway routes only `/api/*`, so the public never reaches it.
 */
@Controller('metrics')
export class MetricsController {
  constructor(@Inject(ServiceMetrics) private readonly metrics: ServiceMetrics) {}

  @Get()
  @PublicRoute()
  async read(
    @Res({ passthrough: true }) response: { setHeader(name: string, value: string): void },
  ): Promise<string> {
    response.setHeader('Content-Type', this.metrics.registry.contentType);
    response.setHeader('Cache-Control', 'no-store');
    return this.metrics.registry.metrics();
  }
}
