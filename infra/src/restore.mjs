// `npm run restore -- <file> [--replace]`: puts a backup of `npm run backup` back, with every service stopped. The
// database (APP_DATABASE) is created with its roles and schemas as provisioning makes them, the dump restored into it,
// and the events the outboxes had published are marked to publish again; the deployment's streams (NATS_PREFIX) are
// deleted, so the services start on streams holding those events only, and each consumer's inbox skips what it had
// handled before the backup (ADR 0058). An existing database is replaced only with --replace.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import pg from 'pg';
import {
  connectNats,
  deleteStreams,
  dropDatabase,
  EventNaming,
  provisionDatabase,
  SERVICE_NAMES,
} from '@aba/server-kit';
import { readRunnerConfig } from './environment.mjs';
import { resolveNats, resolvePostgres } from './infrastructure.mjs';
import { postgresProgram, serverMajor } from './postgres-tools.mjs';
import { log } from './processes.mjs';

const say = (message) => log('restore', message);

function databaseUrl(adminUrl, database) {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Who is connected to `database` (none if it does not exist). */
async function connectedRoles(adminUrl, database) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      'select distinct usename as role from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [database],
    );
    const exists = await client.query('select 1 from pg_database where datname = $1', [database]);
    return { exists: exists.rowCount > 0, roles: rows.map((row) => row.role) };
  } finally {
    await client.end();
  }
}

/** Restores `file` into `database`; answers how many events each service will publish again. */
async function restore({ adminUrl, database, rolePassword, file, replace }) {
  if (!existsSync(file)) throw new Error(`No backup at ${file}`);
  const pgRestore = postgresProgram('pg_restore', await serverMajor(adminUrl));
  const { exists, roles } = await connectedRoles(adminUrl, database);
  if (exists && !replace) {
    throw new Error(
      `Database "${database}" exists: stop every service and run again with --replace to overwrite it.`,
    );
  }
  if (roles.length > 0) {
    throw new Error(`Database "${database}" is in use (${roles.join(', ')}): stop every service first.`);
  }
  if (exists) await dropDatabase(adminUrl, database);
  await provisionDatabase({ adminUrl, database, rolePassword });
  const restored = spawnSync(
    pgRestore,
    [
      '--clean',
      '--if-exists',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${databaseUrl(adminUrl, database)}`,
      file,
    ],
    { encoding: 'utf8' },
  );
  if (restored.status !== 0)
    throw new Error(`pg_restore failed: ${restored.stderr.trim() || `exit ${restored.status}`}`);

  const client = new pg.Client({ connectionString: databaseUrl(adminUrl, database) });
  await client.connect();
  try {
    const republished = {};
    for (const schema of SERVICE_NAMES) {
      const { rows } = await client.query('select to_regclass($1) is not null as "migrated"', [
        `"${schema}"."outbox_event"`,
      ]);
      if (!rows[0].migrated)
        throw new Error(`The backup has no ${schema} tables: was it taken of a migrated database?`);
      const { rowCount } = await client.query(
        `update "${schema}"."outbox_event" set "published_at" = null where "published_at" is not null`,
      );
      republished[schema] = rowCount;
    }
    return republished;
  } finally {
    await client.end();
  }
}

async function main() {
  const [file, ...flags] = process.argv.slice(2);
  if (!file || flags.some((flag) => flag !== '--replace')) {
    say('Usage: npm run restore -- <backup file> [--replace]');
    process.exit(2);
  }
  const config = readRunnerConfig();
  const postgres = await resolvePostgres(config, say);
  const nats = await resolveNats(config, say);
  try {
    const republished = await restore({
      adminUrl: postgres.adminUrl,
      database: config.database,
      rolePassword: config.rolePassword,
      file: resolve(file),
      replace: flags.includes('--replace'),
    });
    const nc = await connectNats(nats.url, 'restore');
    try {
      await deleteStreams(nc, new EventNaming(config.natsPrefix));
    } finally {
      await nc.close();
    }
    const events = Object.entries(republished)
      .map(([schema, count]) => `${schema} ${count}`)
      .join(', ');
    say(`Database "${config.database}" restored from ${file}; the event streams emptied.`);
    say(`Events to publish again when the services start: ${events}.`);
  } finally {
    await nats.stop();
    await postgres.stop();
  }
}

main().catch((error) => {
  say(error.message);
  process.exit(1);
});
