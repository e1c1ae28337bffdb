import helmet from 'helmet';
import type { GatewaySettings } from '../config.js';
import { buildContentSecurityPolicy } from './csp.js';

/** helmet, set up for this app: the strict CSP of csp.ts and a referrer policy that keeps Origin meaningful. */
export function securityHeaders(settings: Pick<GatewaySettings, 'publicOrigin' | 'remotes' | 'chatWidget'>) {
  const https = settings.publicOrigin.startsWith('https:');
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: buildContentSecurityPolicy({
        remotes: settings.remotes,
        chatWidget: settings.chatWidget !== null,
        upgradeInsecureRequests: https,
      }),
    },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // Not helmet's "no-referrer": under it, browsers send `Origin: null` on same-origin POSTs made by fetch,
    // which the CSRF check would then refuse.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS only means something over https (and must never pin localhost during development).
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'sameorigin' },
  });
}
