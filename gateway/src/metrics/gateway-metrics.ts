import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { ErrorMessages } from '@aba/contracts/api';
import { apiRouteOf } from '@aba/contracts/routes';
import { HttpMetrics, type MeasuredRequest } from '@aba/server-kit';
import type { GatewayConfig } from '../config.js';
import { API_DOCS_PATH, OPENAPI_JSON_PATH } from '../docs/api-docs.js';
import { sendJsonError } from '../errors/json-error.js';
import { GATEWAY_CONFIG } from '../tokens.js';

/** What pages, assets and the gateway's own files are counted as: one route, whatever their paths. */
export const PAGES_AND_ASSETS = 'pages and assets';

/**
 * The route a request to the gateway is counted under: the contracts' template of the API call
 * (`/api/child/{id}`), `unmatched` for an /api path that is no call, `/health`, the API's documentation, or
 * `pages and assets`.
 */
export function gatewayRouteOf(request: MeasuredRequest & { originalUrl?: string; url?: string }): string {
  const path = (request.originalUrl ?? request.url ?? '/').split('?')[0];
  if (path === '/health' || path === API_DOCS_PATH || path === OPENAPI_JSON_PATH) return path;
  if (!path.startsWith('/api/')) return PAGES_AND_ASSETS;
  return apiRouteOf(request.method, path)?.path ?? 'unmatched';
}

/**
 * The gateway's Prometheus metrics (ADR 0054): Node's defaults and every request by route, status and latency, so
 * the 502 and 503 of an upstream that is down show per call. Served on a listener of their own
 * (`METRICS_PORT`, `METRICS_HOST`), never on the public port.
 */
@Injectable()
export class GatewayMetrics implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly registry = new Registry();
  readonly http = new HttpMetrics(this.registry);
  private server: Server | null = null;

  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {
    this.registry.setDefaultLabels({ service: 'gateway' });
    collectDefaultMetrics({ register: this.registry });
  }

  async onApplicationBootstrap(): Promise<void> {
    const where = this.config.gateway.metrics;
    if (!where) return;
    const server = createServer((request, response) => {
      if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
        sendJsonError(response, 404, ErrorMessages.notFound);
        return;
      }
      this.registry.metrics().then(
        (text) =>
          response
            .writeHead(200, { 'Content-Type': this.registry.contentType, 'Cache-Control': 'no-store' })
            .end(text),
        () =>
          response
            .writeHead(500, { 'Content-Type': 'application/json' })
            .end('{"error":"Metrics unavailable"}'),
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(where.port, where.host, () => resolve());
    });
    this.server = server;
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The metrics listener's port (for tests that ask for port 0); null when not served. */
  get port(): number | null {
    return this.server ? (this.server.address() as AddressInfo).port : null;
  }
}
