// Moves rows made through the API back in time. Records sent without a capture time are captured "now", so the
// benchmark's seed (bench/seed.mjs), which sends none to stay fast, would sit on one day; charts need history. One
// UPDATE per table, in one transaction, as the therapy role, on the timestamp columns only; then the tables are
// vacuumed as autovacuum would.
import pg from 'pg';

/** A connected client of therapy's schema as the therapy role (the caller ends it). */
export async function therapyClient({ adminUrl, database, rolePassword }) {
  const { serviceDatabaseUrl } = await import('@aba/server-kit');
  const client = new pg.Client({ connectionString: serviceDatabaseUrl(adminUrl, database, 'therapy', rolePassword) });
  await client.connect();
  return client;
}

/**
 * `evaluations`, `tracking`, `abc`: `{ id, at }` rows (`at` a Date) of therapy's item_evaluation, behavior_tracking and
 * behavior_abc. `adminUrl`, `database`, `rolePassword` reach the therapy schema as the runner provisions it.
 */
export async function backdateHistory({
  adminUrl,
  database,
  rolePassword,
  evaluations = [],
  tracking = [],
  abc = [],
}) {
  const therapyDb = await therapyClient({ adminUrl, database, rolePassword });
  try {
    await therapyDb.query('begin');
    // Captured then, and received then too (the seeds' data was never late).
    for (const [table, columns, rows] of [
      ['item_evaluation', ['captured_at', 'created_at'], evaluations],
      ['behavior_tracking', ['date_logged', 'received_at'], tracking],
      ['behavior_abc', ['created_at', 'received_at'], abc],
    ]) {
      await therapyDb.query(
        `update "therapy"."${table}" t set ${columns.map((column) => `"${column}" = v.at`).join(', ')}
           from unnest($1::uuid[], $2::timestamptz[]) as v(id, at) where t.id = v.id`,
        [rows.map((row) => row.id), rows.map((row) => row.at.toISOString())],
      );
    }
    await therapyDb.query('commit');
  } catch (error) {
    await therapyDb.query('rollback').catch(() => {});
    throw error;
  }
  try {
    // What autovacuum does some time after such a bulk update: until then the index of the latest evaluations per
    // item leads every read through the dead versions, which all carry the newest timestamps.
    await therapyDb.query('vacuum (analyze) "therapy"."item_evaluation", "therapy"."behavior_tracking", "therapy"."behavior_abc"');
  } finally {
    await therapyDb.end();
  }
}
