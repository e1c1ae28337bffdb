import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Logger } from 'pino';
import { AllExceptionsFilter, createLogger, PinoNestLogger, requestLogging } from '@aba/server-kit';
import type { GatewayConfig } from './config.js';
import { ApiDocs } from './docs/api-docs.js';
import { GatewayModule } from './gateway.module.js';
import { GatewayMetrics, gatewayRouteOf } from './metrics/gateway-metrics.js';
import { ApiGateway } from './proxy/api-gateway.js';
import { securityHeaders } from './security/security-headers.js';
import { RemotesRegistry } from './web/remotes-registry.js';
import type { SessionResolver } from './session/session-resolver.js';
import { answerClientErrorsWithJson } from './errors/client-errors.js';

export interface GatewayOptions {
  /** Replaces the default (anonymous) session resolver. */
  readonly sessionResolver?: SessionResolver;
  /** Defaults to a pino logger named "gateway" at LOG_LEVEL. */
  readonly logger?: Logger;
}

/** How long the gateway keeps an idle client connection open. */
export const CLIENT_KEEP_ALIVE_MS = 65_000;

/**
 * Builds the gateway, ready to `listen` (tests: `await app.listen(0, '127.0.0.1')`). Request pipeline, in order:
 *   1. request logging with request ids (echoed in x-request-id), and each request's metrics (GatewayMetrics)
 *   2. /api/docs and /api/docs/openapi.json: the API's OpenAPI document and its page (ApiDocs)
 *   3. /api/* → API security headers → CSRF check → routing table → session → internal token → streamed proxy
 *      (bodies never parsed; answered here, never passed further)
 *   4. security headers for pages and assets (helmet, strict CSP)
 *   5. Nest routes: /health, /remotes.json, /config.json, /locales, /remotes/<name>/*, the shell with SPA fallback
 */
export async function createGateway(
  config: GatewayConfig,
  options: GatewayOptions = {},
): Promise<NestExpressApplication> {
  const logger = options.logger ?? createLogger('gateway', config.log.level);
  const app = await NestFactory.create<NestExpressApplication>(
    GatewayModule.forRoot({ config, logger, sessionResolver: options.sessionResolver }),
    { bodyParser: false, logger: new PinoNestLogger(logger) },
  );
  app.disable('x-powered-by');
  app.use(requestLogging(logger));
  app.use(app.get(GatewayMetrics).http.middleware(gatewayRouteOf));
  app.use(app.get(ApiDocs).middleware);
  app.use(app.get(ApiGateway).middleware);
  app.use(...securityHeaders(config.gateway, app.get(RemotesRegistry)));
  app.useGlobalFilters(new AllExceptionsFilter());
  app.enableShutdownHooks();
  const server = app.getHttpServer();
  answerClientErrorsWithJson(server);
  // Browsers and load balancers reuse an idle connection for far longer than Node's 5 s default; a request sent just
  // as the gateway closes one fails with ECONNRESET, and a POST is never retried. Outlive a load balancer's usual 60 s.
  server.keepAliveTimeout = CLIENT_KEEP_ALIVE_MS;
  return app;
}
