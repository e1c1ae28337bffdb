// The machine's PostgreSQL programs (pg_dump, pg_restore, initdb, pg_ctl) chosen for the server they work with.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import pg from 'pg';

const DEBIAN_VERSIONS = '/usr/lib/postgresql';

/** Where the machine keeps each installed major version's programs (Debian's layout), newest first. */
function installedBinDirs() {
  if (!existsSync(DEBIAN_VERSIONS)) return [];
  return readdirSync(DEBIAN_VERSIONS)
    .filter((version) => /^\d+$/.test(version))
    .sort((a, b) => Number(b) - Number(a))
    .map((version) => `${DEBIAN_VERSIONS}/${version}/bin`);
}

/** The major version a program says it is (`pg_dump (PostgreSQL) 15.20` → 15), undefined if it does not run. */
function majorOf(program) {
  const answer = spawnSync(program, ['--version'], { encoding: 'utf8' });
  const match = /\(PostgreSQL\) (\d+)/.exec(answer.stdout ?? '');
  return match ? Number(match[1]) : undefined;
}

/**
 * The newest `name` of major version `atLeast` or later, from Debian's versioned directories then PATH; throws what to
 * install when there is none (pg_dump refuses a newer server, and the data directory a different initdb).
 */
export function postgresProgram(name, atLeast = 0) {
  for (const program of [...installedBinDirs().map((dir) => `${dir}/${name}`), name]) {
    const major = majorOf(program);
    if (major !== undefined && major >= atLeast) return program;
  }
  const version = atLeast ? ` ${atLeast} or newer` : '';
  throw new Error(
    `No ${name}${version} on this machine: install the PostgreSQL${version} client programs ` +
      `(Debian/Ubuntu: apt-get install postgresql-client${atLeast ? `-${atLeast}` : ''}).`,
  );
}

/** The major version of the server at `adminUrl`. */
export async function serverMajor(adminUrl) {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    const { rows } = await client.query('show server_version_num');
    return Math.floor(Number(rows[0].server_version_num) / 10_000);
  } finally {
    await client.end();
  }
}
