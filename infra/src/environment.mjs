// Configuration of the local runner, read from the environment once. Every variable is listed in
// .env.example and the README.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const dataDir = resolve(repoRoot, '.data');
const MAX_REPLICAS = 8;

function integer(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 65535) {
    throw new Error(`${name} must be a port number (1-65535), got "${raw}"`);
  }
  return value;
}

/** REPLICAS: how many processes of each service and of the gateway `npm start` runs (ADR 0057). */
function replicaCount() {
  const raw = process.env.REPLICAS;
  if (raw === undefined || raw === '') return 1;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > MAX_REPLICAS) {
    throw new Error(`REPLICAS must be a whole number from 1 to ${MAX_REPLICAS}, got "${raw}"`);
  }
  return value;
}

function boolean(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'true' || raw === 'false') return raw === 'true';
  throw new Error(`${name} must be true or false, got "${raw}"`);
}

function isUrl(value, protocols) {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

const startingWith = (protocols) => `a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`;

function url(name, protocols) {
  const raw = process.env[name];
  if (!raw) return undefined;
  if (isUrl(raw, protocols)) return raw;
  throw new Error(`${name} must be ${startingWith(protocols)}, got "${raw}"`);
}

/**
 * A comma-separated list of URLs (a NATS cluster's servers), split and checked as the services' `urlListSetting`
 * (libs/server-kit) does: entries trimmed, each with one of `protocols`, none twice. A copy of that rule, because the
 * runner reads its configuration before anything is built.
 */
function urlList(name, protocols) {
  const raw = process.env[name];
  if (!raw) return undefined;
  const urls = raw.split(',').map((entry) => entry.trim());
  const bad = urls.find((entry) => !isUrl(entry, protocols));
  if (bad !== undefined) {
    const entry = bad ? `"${bad}"` : 'an empty entry';
    throw new Error(
      `${name} must be ${startingWith(protocols)} (or several, separated by commas), got ${entry}`,
    );
  }
  const seen = new Set();
  for (const entry of urls) {
    const normalised = new URL(entry).href;
    if (seen.has(normalised)) throw new Error(`${name} lists "${entry}" twice`);
    seen.add(normalised);
  }
  return urls;
}

export function readRunnerConfig() {
  const gatewayPort = integer('GATEWAY_PORT', 8080);
  const database = process.env.APP_DATABASE || 'aba';
  if (!/^[a-z_][a-z0-9_]*$/.test(database))
    throw new Error(`APP_DATABASE must be a lower-case SQL identifier, got "${database}"`);
  const natsPrefix = process.env.NATS_PREFIX || '';
  if (!/^[a-z0-9_-]*$/i.test(natsPrefix))
    throw new Error(`NATS_PREFIX may hold letters, digits, - and _ only`);
  return {
    databaseUrl: url('DATABASE_URL', ['postgres:', 'postgresql:']),
    natsServers: urlList('NATS_URL', ['nats:', 'tls:']),
    database,
    natsPrefix,
    rolePassword: process.env.DB_ROLE_PASSWORD || 'aba-local',
    gatewayPort,
    replicas: replicaCount(),
    publicOrigin: process.env.PUBLIC_ORIGIN || `http://localhost:${gatewayPort}`,
    servicePorts: {
      identity: integer('IDENTITY_PORT', 3001),
      therapy: integer('THERAPY_PORT', 3002),
      billing: integer('BILLING_PORT', 3003),
    },
    internalTokenSecret: process.env.INTERNAL_TOKEN_SECRET || randomBytes(32).toString('hex'),
    logLevel: process.env.LOG_LEVEL || 'info',
    skipBuild: process.env.SKIP_BUILD === 'true',
    seedDemo: boolean('SEED_DEMO', true),
    // Where identity writes its e-mails without SMTP (identity runs in services/identity and defaults to .data/mail).
    mailDir: process.env.MAIL_DIR
      ? resolve(repoRoot, 'services/identity', process.env.MAIL_DIR)
      : resolve(dataDir, 'mail'),
    smtpUrl: process.env.SMTP_URL || undefined,
    embeddedPostgresPort: integer('EMBEDDED_POSTGRES_PORT', 54329),
    privateNatsPort: integer('PRIVATE_NATS_PORT', 4223),
    passThrough: process.env,
  };
}

/**
 * The environment of a service process (its migration step and the service itself), from the runner's `config`:
 * its own database role's URL, NATS, its port on 127.0.0.1 (`port`: a further replica's, else the service's own).
 * `admin` (identity only) is the platform administrator identity creates at start-up.
 */
export function serviceEnvironment(
  config,
  service,
  { databaseUrl, natsUrl, admin, port = config.servicePorts[service] },
) {
  return {
    ...config.passThrough,
    SERVICE_DATABASE_URL: databaseUrl,
    NATS_URL: natsUrl,
    NATS_PREFIX: config.natsPrefix,
    INTERNAL_TOKEN_SECRET: config.internalTokenSecret,
    LOG_LEVEL: config.logLevel,
    PUBLIC_URL: config.publicOrigin,
    PORT: String(port),
    HOST: '127.0.0.1',
    ...(service === 'identity' && admin ? { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password } : {}),
    // Identity asks therapy and billing for their parts of an account export (ADR 0048).
    ...(service === 'identity'
      ? {
          THERAPY_URL: `http://127.0.0.1:${config.servicePorts.therapy}`,
          BILLING_URL: `http://127.0.0.1:${config.servicePorts.billing}`,
        }
      : {}),
  };
}

/**
 * The environment of a gateway process, from the runner's `config`: the services' addresses, the public origin,
 * NATS (where it hears identity's session revocations). `port`: where this gateway listens (a replica behind the
 * runner's balancer), else GATEWAY_PORT; `servicePorts`: every replica's port of each service, else the services' own.
 * @param {object} config
 * @param {{ natsUrl: string, port?: number, servicePorts?: Record<string, number[]> }} options
 */
export function gatewayEnvironment(config, { natsUrl, port = config.gatewayPort, servicePorts }) {
  const urls = (service) =>
    (servicePorts?.[service] ?? [config.servicePorts[service]])
      .map((replicaPort) => `http://127.0.0.1:${replicaPort}`)
      .join(',');
  return {
    ...config.passThrough,
    PORT: String(port),
    HOST: config.passThrough.HOST || '127.0.0.1',
    PUBLIC_ORIGIN: config.publicOrigin,
    INTERNAL_TOKEN_SECRET: config.internalTokenSecret,
    LOG_LEVEL: config.logLevel,
    NATS_URL: natsUrl,
    NATS_PREFIX: config.natsPrefix,
    IDENTITY_URL: urls('identity'),
    THERAPY_URL: urls('therapy'),
    BILLING_URL: urls('billing'),
    WEB_ROOT: repoRoot,
  };
}

/**
 * The platform administrator identity creates at start-up: ADMIN_EMAIL/ADMIN_PASSWORD when set (`fromEnv`), else a
 * local one, `admin@aba.local` with a password generated on the first start and kept in .data/local-admin.json so it
 * stays the same across starts. Undefined when only one of the two variables is set (identity names the mistake).
 */
export function localAdmin() {
  const { ADMIN_EMAIL: email, ADMIN_PASSWORD: password } = process.env;
  if (email || password) return email && password ? { email, password, fromEnv: true } : undefined;
  const file = resolve(dataDir, 'local-admin.json');
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8'));
    if (saved.email && saved.password)
      return { email: saved.email, password: saved.password, fromEnv: false, file };
  }
  // Letters and digits on both sides: meets the password rule (10+ characters, a letter and a digit).
  const admin = { email: 'admin@aba.local', password: `Admin-${randomBytes(9).toString('hex')}-1a` };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${JSON.stringify(admin, null, 2)}\n`, { mode: 0o600 });
  return { ...admin, fromEnv: false, file };
}
