// The database ceiling: single-row INSERTs per second into the same Postgres, through `pg`, with as many in flight
// as the load runs have connections, for as long. The table looks like therapy's item_evaluation (uuid key, two
// uuid references, a result, a timestamp) and lives in the bench database only for the run.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { CONNECTIONS, SECONDS } from './load.mjs';

export async function insertCeiling(system, { connections = CONNECTIONS, seconds = SECONDS } = {}) {
  const url = new URL(system.adminUrl);
  url.pathname = `/${system.database}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: connections });
  const table = 'public.bench_insert_ceiling';
  try {
    await pool.query(`drop table if exists ${table}`);
    await pool.query(`create table ${table} (
      id uuid primary key, item_id uuid not null, author_id uuid not null,
      result text not null, created_at timestamptz not null default now())`);
    const itemId = randomUUID();
    const authorId = randomUUID();
    const run = async (until) => {
      let done = 0;
      await Promise.all(
        Array.from({ length: connections }, async () => {
          while (Date.now() < until) {
            await pool.query(
              `insert into ${table} (id, item_id, author_id, result) values ($1, $2, $3, $4)`,
              [randomUUID(), itemId, authorId, done % 3 ? 'YES' : 'NO'],
            );
            done++;
          }
        }),
      );
      return done;
    };
    await run(Date.now() + 1000); // warm-up: connections opened
    const started = Date.now();
    const inserts = await run(started + seconds * 1000);
    return { 'inserts/s': Math.round(inserts / ((Date.now() - started) / 1000)), connections, seconds };
  } finally {
    await pool.query(`drop table if exists ${table}`).catch(() => undefined);
    await pool.end();
  }
}
