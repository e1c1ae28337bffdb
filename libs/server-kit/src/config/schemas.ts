import { z } from 'zod';

const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);
const protocolsMessage = (protocols: string[]) =>
  `must be a URL starting with ${protocols.map((protocol) => `${protocol}//`).join(' or ')}`;

function isUrl(value: string, protocols: string[], accept: (url: URL) => boolean): boolean {
  try {
    const url = new URL(value);
    return protocols.includes(url.protocol) && accept(url);
  } catch {
    return false;
  }
}

/**
 * A URL setting with one of these protocols, and whatever else `accept` asks of it; by default the message names the
 * protocols.
 */
export const urlSetting = (
  protocols: string[],
  accept: (url: URL) => boolean = () => true,
  message = protocolsMessage(protocols),
) => z.string().refine((value) => isUrl(value, protocols, accept), message);

/**
 * A comma-separated list of URLs (a cluster's servers, a service's replicas), each as `urlSetting` asks and none twice
 * (a replica listed twice would take twice its share). Answers the list.
 */
export const urlListSetting = (
  protocols: string[],
  accept: (url: URL) => boolean = () => true,
  message = protocolsMessage(protocols),
) =>
  z.string().transform((value, context) => {
    const urls = value.split(',').map((entry) => entry.trim());
    const bad = urls.find((url) => !isUrl(url, protocols, accept));
    if (bad !== undefined) {
      const entry = bad ? `"${bad}"` : 'an empty entry';
      context.addIssue({ code: 'custom', message: `${entry}: ${message}, several separated by commas` });
      return z.NEVER;
    }
    const seen = new Set<string>();
    for (const url of urls) {
      const normalised = new URL(url).href;
      if (seen.has(normalised)) {
        context.addIssue({ code: 'custom', message: `lists "${url}" twice` });
        return z.NEVER;
      }
      seen.add(normalised);
    }
    return urls;
  });

/** An optional setting: an unset variable may arrive as an empty string (`SMTP_URL=` in a .env file). */
export const optionalSetting = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** The service's own database role: each service connects as the role that owns its schema. */
export const postgresConfig = z
  .object({ SERVICE_DATABASE_URL: urlSetting(['postgres:', 'postgresql:']) })
  .transform((env) => ({ url: env.SERVICE_DATABASE_URL }));

export const natsConfig = z
  .object({
    // One server, or a cluster's servers separated by commas.
    NATS_URL: urlListSetting(['nats:', 'tls:']).default(['nats://127.0.0.1:4222']),
    NATS_PREFIX: z
      .string()
      .regex(/^[a-z0-9_-]*$/i, 'letters, digits, - and _ only')
      .default(''),
    EVENT_MAX_DELIVER: z.coerce.number().int().min(1).max(100).default(5),
    EVENT_RETENTION_DAYS: z.coerce.number().int().min(1).max(90).default(7),
    // Copies of each stream a NATS cluster keeps (3 on a 3-node cluster); 1 on a single server.
    EVENT_STREAM_REPLICAS: z.coerce.number().int().min(1).max(5).default(1),
  })
  .transform((env) => ({
    url: env.NATS_URL.join(','),
    prefix: env.NATS_PREFIX,
    maxDeliver: env.EVENT_MAX_DELIVER,
    retentionDays: env.EVENT_RETENTION_DAYS,
    streamReplicas: env.EVENT_STREAM_REPLICAS,
  }));

export const internalTokenConfig = z
  .object({
    INTERNAL_TOKEN_SECRET: z.string().min(32, 'must be at least 32 characters'),
  })
  .transform((env) => ({ secret: env.INTERNAL_TOKEN_SECRET }));

export const logConfig = z
  .object({
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .transform((env) => ({ level: env.LOG_LEVEL }));

export const httpConfig = (defaultPort: number) =>
  z
    .object({ PORT: port(defaultPort), HOST: z.string().default('127.0.0.1') })
    .transform((env) => ({ port: env.PORT, host: env.HOST }));

export type PostgresConfig = z.infer<typeof postgresConfig>;
export type NatsConfig = z.infer<typeof natsConfig>;
export type InternalTokenConfig = z.infer<typeof internalTokenConfig>;
export type LogConfig = z.infer<typeof logConfig>;
export type HttpConfig = z.infer<ReturnType<typeof httpConfig>>;
