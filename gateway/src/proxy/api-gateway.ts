import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { ErrorMessages } from '@aba/contracts/api';
import { REQUEST_ID_HEADER, requestIdFrom } from '@aba/server-kit';
import type { GatewayConfig } from '../config.js';
import { resolveRoute, STRIPE_WEBHOOK_PATH } from '@aba/contracts/routes';
import { sendJsonError } from '../errors/json-error.js';
import { isSameOrigin, isStateChanging } from '../security/origin-check.js';
import { InternalTokenCache } from '../session/internal-token-cache.js';
import { SessionResolver, SessionUnavailable } from '../session/session-resolver.js';
import { GATEWAY_CONFIG, PINO_LOGGER } from '../tokens.js';
import { TrustedProxies } from './client-address.js';
import { UpstreamProxy } from './upstream-proxy.js';

/** Calls after which the caller's session must not be trusted from the cache any more. */
const SESSION_ENDING_PATHS = new Set(['/api/logout', '/api/token/reset-password']);

/** `/api`, `/api/…` or `/api?…` */
export function isApiUrl(url: string): boolean {
  return url.startsWith('/api') && (url.length === 4 || url[4] === '/' || url[4] === '?');
}

/**
 * Security headers for API answers (JSON, never rendered as a page). The page-oriented set (helmet, the app's CSP)
 * goes on everything else; this short, precomputed one keeps per-request work small on the hot path.
 */
export const API_SECURITY_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['X-Content-Type-Options', 'nosniff'],
  ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
  ['X-Frame-Options', 'DENY'],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  // Children's health data: never kept in a browser's (possibly shared) cache nor in a proxy's.
  ['Cache-Control', 'no-store'],
];

/**
 * Everything under /api, as one plain middleware placed before Nest's routes (no body parsing, no per-request DI):
 * CSRF check → routing table → session → internal token → proxy.
 */
@Injectable()
export class ApiGateway {
  private readonly publicOrigin: string;
  private readonly trustedProxies: TrustedProxies;

  constructor(
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    @Inject(SessionResolver) private readonly sessions: SessionResolver,
    @Inject(InternalTokenCache) private readonly tokens: InternalTokenCache,
    @Inject(UpstreamProxy) private readonly proxy: UpstreamProxy,
    @Inject(PINO_LOGGER) private readonly logger: Logger,
  ) {
    this.publicOrigin = config.gateway.publicOrigin;
    this.trustedProxies = new TrustedProxies(config.gateway.trustedProxies);
  }

  /** Express-style middleware: handles /api/*, passes anything else on. */
  readonly middleware = (request: IncomingMessage, response: ServerResponse, next: () => void): void => {
    const url = request.url ?? '/';
    if (!isApiUrl(url)) return next();
    for (const [name, value] of API_SECURITY_HEADERS) response.setHeader(name, value);
    void this.handle(request, response, url);
  };

  private async handle(request: IncomingMessage, response: ServerResponse, url: string): Promise<void> {
    try {
      const query = url.indexOf('?');
      const path = query === -1 ? url : url.slice(0, query);

      if (
        isStateChanging(request.method) &&
        path !== STRIPE_WEBHOOK_PATH &&
        !isSameOrigin(request.headers, this.publicOrigin)
      ) {
        return sendJsonError(response, 403, ErrorMessages.crossSiteRefused);
      }
      const route = resolveRoute(path);
      if (!route) return sendJsonError(response, 404, ErrorMessages.notFound);

      const identity = await this.sessions.resolve(request);
      if (!route.public && identity.userId === null)
        return sendJsonError(response, 401, ErrorMessages.unauthenticated);
      const token = await this.tokens.tokenFor(identity);
      if (response.destroyed) return; // the client left meanwhile

      if (SESSION_ENDING_PATHS.has(path)) {
        this.sessions.forget(request);
        response.once('finish', () => this.sessions.forget(request));
      }
      this.proxy.forward(route.service, request, response, {
        token,
        requestId: this.requestId(request, response),
        clientAddress: this.trustedProxies.clientAddress(request),
      });
    } catch (error) {
      if (error instanceof SessionUnavailable)
        return sendJsonError(response, 502, ErrorMessages.serviceUnavailable);
      const id = randomUUID();
      this.logger.error({ errorId: id, err: error }, 'gateway failure');
      sendJsonError(response, 500, ErrorMessages.internal, { id });
    }
  }

  /** The id requestLogging chose (incoming x-request-id or a new one); also works without it. */
  private requestId(request: IncomingMessage, response: ServerResponse): string {
    const chosen = (request as { id?: unknown }).id;
    if (typeof chosen === 'string' && chosen) return chosen;
    const id = requestIdFrom(request.headers[REQUEST_ID_HEADER]);
    if (!response.hasHeader(REQUEST_ID_HEADER)) response.setHeader(REQUEST_ID_HEADER, id);
    return id;
  }
}
