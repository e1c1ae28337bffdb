import pg from 'pg';
import { e2eEnvironment } from '../e2e-environment.js';

/** The schemas of the three services (each holds its tables plus its outbox and inbox). */
export const SERVICE_SCHEMAS = ['identity', 'therapy', 'billing'] as const;

/** Tables counted per `jsonb_build_object` (a Postgres function takes at most 100 arguments, two per table). */
const TABLES_PER_OBJECT = 50;

/** A connection to the run's own database as the Postgres superuser, who may read every service's schema. */
export async function connectE2eDatabase(): Promise<pg.Client> {
  const url = new URL(e2eEnvironment.adminUrl);
  url.pathname = `/${e2eEnvironment.database}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  return client;
}

/** `schema.table` → number of rows. */
export type RowCounts = Record<string, number>;

/**
 * Counts the rows of every table of the services' schemas in one statement; an outbox counts the events it has still
 * to publish (a published one stays there a while, ADR 0058). `countWhere` narrows what is counted in other tables
 * (`schema.table` → SQL condition on that table's rows).
 */
export async function rowCountQuery(
  client: pg.Client,
  countWhere: Record<string, string> = {},
): Promise<() => Promise<RowCounts>> {
  const { rows } = await client.query<{ name: string }>(
    `select table_schema || '.' || table_name as name from information_schema.tables
      where table_schema = any($1) and table_type = 'BASE TABLE' order by 1`,
    [[...SERVICE_SCHEMAS]],
  );
  const quote = (name: string) =>
    name
      .split('.')
      .map((part) => `"${part.replace(/"/g, '""')}"`)
      .join('.');
  const where: Record<string, string> = {
    ...Object.fromEntries(
      SERVICE_SCHEMAS.map((schema) => [`${schema}.outbox_event`, 'published_at is null']),
    ),
    ...countWhere,
  };
  const pairs = rows.map(
    ({ name }) =>
      `'${name}', (select count(*) from ${quote(name)}${where[name] ? ` where ${where[name]}` : ''})`,
  );
  const objects: string[] = [];
  for (let start = 0; start < pairs.length; start += TABLES_PER_OBJECT) {
    objects.push(`jsonb_build_object(${pairs.slice(start, start + TABLES_PER_OBJECT).join(', ')})`);
  }
  const sql = `select ${objects.join(' || ')} as counts`;
  return async () => {
    const result = await client.query<{ counts: RowCounts }>(sql);
    return result.rows[0].counts;
  };
}

/** The tables whose counts differ between two snapshots, with both counts. */
export function countDifferences(before: RowCounts, after: RowCounts): Record<string, [number, number]> {
  const differences: Record<string, [number, number]> = {};
  for (const name of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (before[name] !== after[name]) differences[name] = [before[name], after[name]];
  }
  return differences;
}

/**
 * Waits until the system has finished writing: no outbox has an event to publish (those of earlier writes are out)
 * and two snapshots taken `settleMs` apart agree (their consumers are done). Returns that snapshot.
 */
export async function quiescentCounts(
  counts: () => Promise<RowCounts>,
  { settleMs = 120, timeoutMs = 10_000 } = {},
): Promise<RowCounts> {
  const deadline = Date.now() + timeoutMs;
  let previous = await counts();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, settleMs));
    const current = await counts();
    const outboxesEmpty = SERVICE_SCHEMAS.every((schema) => !current[`${schema}.outbox_event`]);
    if (outboxesEmpty && Object.keys(countDifferences(previous, current)).length === 0) return current;
    if (Date.now() > deadline)
      throw new Error(
        `The system did not settle within ${timeoutMs} ms: ${JSON.stringify(countDifferences(previous, current))}`,
      );
    previous = current;
  }
}
