/**
 * The Content-Security-Policy: only what the app loads. Scripts, styles, data, images and fonts from this origin,
 * plus the origins of remotes hosted elsewhere, plus the chat widget provider (tawk.to) when it is configured.
 * Fluent UI injects styles at runtime, hence style-src 'unsafe-inline'. Never 'unsafe-eval'.
 */

export type CspDirectives = Record<string, string[]>;

export interface CspInput {
  /** Remote name → manifest URL (a path on this gateway, or an absolute URL on another host). */
  readonly remotes: Readonly<Record<string, string>>;
  /** Whether the chat widget is configured (its provider's hosts are allowed only then). */
  readonly chatWidget: boolean;
  /** Ask browsers to upgrade http: subresources (only when the app itself is served over https). */
  readonly upgradeInsecureRequests: boolean;
}

/** tawk.to: the embed script, then its API/websocket hosts; emoji and fonts come from jsDelivr. */
export const CHAT_WIDGET_SOURCES = {
  script: ['https://embed.tawk.to'],
  connect: ['https://*.tawk.to', 'wss://*.tawk.to'],
  // jsDelivr serves any npm package: it is allowed for passive assets only, never for scripts.
  assets: ['https://*.tawk.to', 'https://cdn.jsdelivr.net'],
  frame: ['https://*.tawk.to'],
} as const;

/** The distinct origins of the remotes that live on another host. */
export function remoteOrigins(remotes: Readonly<Record<string, string>>): string[] {
  const origins = new Set<string>();
  for (const location of Object.values(remotes)) {
    if (location.startsWith('/')) continue;
    try {
      origins.add(new URL(location).origin);
    } catch {
      // Config validation rejects such values; nothing to allow.
    }
  }
  return [...origins].sort();
}

export function buildContentSecurityPolicy({
  remotes,
  chatWidget,
  upgradeInsecureRequests,
}: CspInput): CspDirectives {
  const self = "'self'";
  const others = remoteOrigins(remotes);
  const chat = chatWidget ? CHAT_WIDGET_SOURCES : null;

  const directives: CspDirectives = {
    'default-src': [self],
    'base-uri': [self],
    'object-src': ["'none'"],
    'frame-ancestors': [self],
    'form-action': [self],
    'script-src': [self, ...others, ...(chat?.script ?? [])],
    'script-src-attr': ["'none'"],
    'style-src': [self, "'unsafe-inline'", ...others, ...(chat?.assets ?? [])],
    'connect-src': [self, ...others, ...(chat?.connect ?? [])],
    'img-src': [self, 'data:', ...others, ...(chat?.assets ?? [])],
    'font-src': [self, 'data:', ...others, ...(chat?.assets ?? [])],
    'media-src': [self, ...(chat ? ['https://*.tawk.to'] : [])],
    'frame-src': chat ? [...chat.frame] : ["'none'"],
    'worker-src': [self],
    'manifest-src': [self],
  };
  if (upgradeInsecureRequests) directives['upgrade-insecure-requests'] = [];
  return directives;
}

/** The header value, e.g. for tests and logs. */
export function serializeCsp(directives: CspDirectives): string {
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');
}
