import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  httpConfig,
  internalTokenConfig,
  loadConfig,
  logConfig,
  natsConfig,
  optionalSetting,
  urlListSetting,
  urlSetting,
} from '@aba/server-kit';
import { isProxyEntry } from './proxy/client-address.js';

/**
 * The gateway's configuration: the only place that reads the environment.
 * Every variable is validated once at boot; a bad value stops start-up with a message naming it.
 */

/** The repository root, resolved from this file's own location (src/config.ts and dist/config.js sit at the same depth). */
export const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export const DEFAULT_REMOTES: Readonly<Record<string, string>> = {
  plans: '/remotes/plans/mf-manifest.json',
  behaviors: '/remotes/behaviors/mf-manifest.json',
  billing: '/remotes/billing/mf-manifest.json',
  admin: '/remotes/admin/mf-manifest.json',
};

/** A remote's name: it is also part of a directory name (`mfe-<name>`) and of a URL path (`/remotes/<name>/`). */
export const REMOTE_NAME = /^[a-z0-9][a-z0-9-]{0,62}$/;

const httpUrl = urlSetting(
  ['http:', 'https:'],
  (url) => !url.search && !url.hash,
  'must be an http:// or https:// URL without query or fragment',
);

/** A service's base URL, or its replicas' separated by commas (the gateway spreads requests over them round-robin). */
const httpUrlList = urlListSetting(
  ['http:', 'https:'],
  (url) => !url.search && !url.hash,
  'must be an http:// or https:// URL without query or fragment',
);

/** A manifest location: a path on this gateway (`/remotes/...`) or an absolute http(s) URL on another host. */
const manifestUrl = z.string().refine((value) => {
  if (value.startsWith('/')) return !value.startsWith('//');
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}, 'must be a path starting with / or an absolute http(s) URL');

const remotesSchema = z.record(
  z.string().regex(REMOTE_NAME, 'remote names are lower-case letters, digits and -'),
  manifestUrl,
);

/** REMOTES (or the REMOTES_FILE contents): a JSON object of remote name → manifest URL. */
export const remotesJson = z.string().transform((value, context) => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    context.addIssue({
      code: 'custom',
      message: 'must be a JSON object mapping remote name to manifest URL',
    });
    return z.NEVER;
  }
  const result = remotesSchema.safeParse(parsed);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue?.path.length ? ` (${issue.path.join('.')})` : '';
    context.addIssue({ code: 'custom', message: `${issue?.message ?? 'invalid'}${where}` });
    return z.NEVER;
  }
  return result.data;
});

/** Widget ids end up in a script URL built by the front end: keep them to plain identifier characters. */
const widgetId = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'letters, digits, _ and - only');

/** TRUSTED_PROXIES: comma-separated addresses or CIDR ranges of the proxies in front of the gateway. */
const trustedProxies = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  )
  .refine(
    (entries) => entries.every(isProxyEntry),
    'must be IP addresses or CIDR ranges, separated by commas',
  );

export const gatewayConfig = z
  .object({
    IDENTITY_URL: httpUrlList.default(['http://127.0.0.1:3001']),
    THERAPY_URL: httpUrlList.default(['http://127.0.0.1:3002']),
    BILLING_URL: httpUrlList.default(['http://127.0.0.1:3003']),
    PUBLIC_ORIGIN: httpUrl
      .refine(
        (value) => new URL(value).pathname === '/',
        'must be an origin (scheme://host[:port]) without a path',
      )
      .default('http://localhost:8080'),
    UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(1).max(600_000).default(15_000),
    WEB_ROOT: optionalSetting(z.string().min(1)),
    REMOTES: optionalSetting(remotesJson),
    REMOTES_FILE: optionalSetting(z.string().min(1)),
    CHAT_WIDGET_PROPERTY_ID: optionalSetting(widgetId),
    CHAT_WIDGET_ID: optionalSetting(widgetId),
    TRUSTED_PROXIES: optionalSetting(trustedProxies),
    METRICS_PORT: optionalSetting(z.coerce.number().int().min(0).max(65535)),
    METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  })
  .transform((env) => ({
    upstreams: { identity: env.IDENTITY_URL, therapy: env.THERAPY_URL, billing: env.BILLING_URL },
    publicOrigin: new URL(env.PUBLIC_ORIGIN).origin,
    upstreamTimeoutMs: env.UPSTREAM_TIMEOUT_MS,
    webRoot: resolve(env.WEB_ROOT ?? DEFAULT_WEB_ROOT),
    remotes: env.REMOTES ?? { ...DEFAULT_REMOTES },
    remotesFile: env.REMOTES_FILE ? resolve(env.REMOTES_FILE) : null,
    chatWidget:
      env.CHAT_WIDGET_PROPERTY_ID && env.CHAT_WIDGET_ID
        ? { propertyId: env.CHAT_WIDGET_PROPERTY_ID, widgetId: env.CHAT_WIDGET_ID }
        : null,
    /** Spec §1: with one chat widget id missing the app runs without the widget and only a warning is logged. */
    chatWidgetWarning:
      Boolean(env.CHAT_WIDGET_PROPERTY_ID) === Boolean(env.CHAT_WIDGET_ID)
        ? null
        : `${env.CHAT_WIDGET_PROPERTY_ID ? 'CHAT_WIDGET_ID' : 'CHAT_WIDGET_PROPERTY_ID'} is not set: the chat widget is not served`,
    trustedProxies: env.TRUSTED_PROXIES ?? [],
    /** Where Prometheus scrapes the gateway (a listener of its own, never the public port); null: not served. */
    metrics: env.METRICS_PORT === undefined ? null : { port: env.METRICS_PORT, host: env.METRICS_HOST },
  }));

export const gatewayConfigSchemas = {
  http: httpConfig(8080),
  token: internalTokenConfig,
  log: logConfig,
  nats: natsConfig,
  gateway: gatewayConfig,
};

export type GatewayConfig = ReturnType<typeof loadGatewayConfig>;
export type GatewaySettings = GatewayConfig['gateway'];
export type ChatWidgetConfig = NonNullable<GatewaySettings['chatWidget']>;

/** Parses the environment once; throws ConfigError naming every bad variable. */
export function loadGatewayConfig(env: NodeJS.ProcessEnv = process.env) {
  return loadConfig(gatewayConfigSchemas, env);
}
