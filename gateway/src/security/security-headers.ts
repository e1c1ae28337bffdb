import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { GatewaySettings } from '../config.js';
import type { RemotesRegistry } from '../web/remotes-registry.js';
import { buildContentSecurityPolicy } from './csp.js';

type Middleware = (request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) => void;

/**
 * helmet, set up for this app: the strict CSP of csp.ts — rebuilt when the remotes move to other hosts — and a
 * referrer policy that keeps Origin meaningful.
 */
export function securityHeaders(
  settings: Pick<GatewaySettings, 'publicOrigin' | 'chatWidget'>,
  registry: Pick<RemotesRegistry, 'remotes'>,
): Middleware[] {
  const https = settings.publicOrigin.startsWith('https:');
  let cspFor: Readonly<Record<string, string>> | null = null;
  let csp: Middleware = (_request, _response, next) => next();
  const contentSecurityPolicy: Middleware = (request, response, next) => {
    const remotes = registry.remotes();
    if (remotes !== cspFor) {
      cspFor = remotes;
      csp = helmet.contentSecurityPolicy({
        useDefaults: false,
        directives: buildContentSecurityPolicy({
          remotes,
          chatWidget: settings.chatWidget !== null,
          upgradeInsecureRequests: https,
        }),
      }) as Middleware;
    }
    csp(request, response, next);
  };
  const others = helmet({
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // Not helmet's "no-referrer": under it, browsers send `Origin: null` on same-origin POSTs made by fetch,
    // which the CSRF check would then refuse.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS only means something over https (and must never pin localhost during development).
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'sameorigin' },
  }) as Middleware;
  return [contentSecurityPolicy, others];
}
