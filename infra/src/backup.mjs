// `npm run backup [-- <file>]`: a pg_dump of every service's schema, taken in one snapshot, to <file> (by default
// .data/backups/<database>-<time>.dump). The JetStream streams are not saved: the outboxes keep what they published as
// long as the streams do, and a restore publishes it again (ADR 0058). Postgres is found as `npm start` finds it:
// DATABASE_URL (an admin connection), else the machine's on 127.0.0.1:5432, else the embedded one under .data/.
import { spawnSync } from 'node:child_process';
import { mkdirSync, statSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { SERVICE_NAMES } from '@aba/server-kit';
import { dataDir, readRunnerConfig, repoRoot } from './environment.mjs';
import { resolvePostgres } from './infrastructure.mjs';
import { postgresProgram, serverMajor } from './postgres-tools.mjs';
import { log } from './processes.mjs';

const say = (message) => log('backup', message);

async function backup({ adminUrl, database, file }) {
  const pgDump = postgresProgram('pg_dump', await serverMajor(adminUrl));
  const target = new URL(adminUrl);
  target.pathname = `/${database}`;
  mkdirSync(dirname(file), { recursive: true });
  const dumped = spawnSync(
    pgDump,
    [
      '--format=custom',
      ...SERVICE_NAMES.map((schema) => `--schema=${schema}`),
      `--file=${file}`,
      `--dbname=${target}`,
    ],
    { encoding: 'utf8' },
  );
  if (dumped.status !== 0)
    throw new Error(`pg_dump failed: ${dumped.stderr.trim() || `exit ${dumped.status}`}`);
  return statSync(file).size;
}

async function main() {
  const config = readRunnerConfig();
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = resolve(process.argv[2] ?? resolve(dataDir, 'backups', `${config.database}-${stamp}.dump`));
  const postgres = await resolvePostgres(config, say);
  try {
    const bytes = await backup({ adminUrl: postgres.adminUrl, database: config.database, file });
    say(
      `Database "${config.database}" (${SERVICE_NAMES.join(', ')}) saved to ${file.startsWith(repoRoot) ? relative(repoRoot, file) : file}, ${(bytes / 1024).toFixed(0)} KB`,
    );
  } finally {
    await postgres.stop();
  }
}

main().catch((error) => {
  say(error.message);
  process.exit(1);
});
