import pg from 'pg';

export type ServiceName = 'identity' | 'therapy' | 'billing';
export const SERVICE_NAMES: ServiceName[] = ['identity', 'therapy', 'billing'];

const DUPLICATE_CODES = new Set(['42P04', '42710', '23505']);

function ident(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unsafe SQL identifier: ${name}`);
  return `"${name}"`;
}

async function ignoringDuplicates(run: () => Promise<unknown>): Promise<void> {
  try {
    await run();
  } catch (error) {
    if (!DUPLICATE_CODES.has((error as { code?: string }).code ?? '')) throw error;
  }
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** The connection URL of a service's own role. */
export function serviceDatabaseUrl(
  adminUrl: string,
  database: string,
  service: ServiceName,
  password: string,
): string {
  const parsed = new URL(withDatabase(adminUrl, database));
  parsed.username = service;
  parsed.password = password;
  return parsed.toString();
}

/**
 * Creates the database (if missing) and, per service, a login role owning a schema of the same name.
 * A role can reach only its own schema: PUBLIC loses its default rights on the public schema and the database.
 * Idempotent; safe to run concurrently with another provisioning of the same cluster.
 */
export async function provisionDatabase(options: {
  adminUrl: string;
  database: string;
  services?: ServiceName[];
  rolePassword: string;
}): Promise<void> {
  const services = options.services ?? SERVICE_NAMES;
  const server = new pg.Client({ connectionString: options.adminUrl });
  await server.connect();
  try {
    await ignoringDuplicates(() => server.query(`create database ${ident(options.database)}`));
    for (const service of services) {
      await ignoringDuplicates(() =>
        server.query(
          `create role ${ident(service)} login password ${pg.escapeLiteral(options.rolePassword)}`,
        ),
      );
    }
  } finally {
    await server.end();
  }
  const db = new pg.Client({ connectionString: withDatabase(options.adminUrl, options.database) });
  await db.connect();
  try {
    await db.query(`revoke all on database ${ident(options.database)} from public`);
    await db.query('revoke all on schema public from public');
    for (const service of services) {
      await db.query(`grant connect on database ${ident(options.database)} to ${ident(service)}`);
      await ignoringDuplicates(() =>
        db.query(`create schema if not exists ${ident(service)} authorization ${ident(service)}`),
      );
    }
  } finally {
    await db.end();
  }
}

/** Drops a database, ending its connections first (test clean-up). */
export async function dropDatabase(adminUrl: string, database: string): Promise<void> {
  const server = new pg.Client({ connectionString: adminUrl });
  await server.connect();
  try {
    await server.query(`drop database if exists ${ident(database)} with (force)`);
  } finally {
    await server.end();
  }
}
