// SQL statements per request of the benchmarked calls (the goal is on the detailed view), counted by Postgres itself: pg_stat_statements is not loaded on this
// machine (it needs shared_preload_libraries and a restart), so for the count the therapy role logs every statement
// in the bench database (`ALTER ROLE … IN DATABASE … SET log_statement = 'all'`, a superuser setting applied to new
// connections; therapy's idle connections are ended so its pool reconnects with it), N requests are made one after
// the other, and the entries Postgres wrote for therapy in that database meanwhile are read back from its log file.
// The outbox relay polls on its own (begin; select … outbox_event … for update skip locked; commit): its
// transactions are recognised per backend and left out. Setting and log lines only concern the bench database.
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import pg from 'pg';

const REQUESTS = 20;
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

async function logFile(client) {
  const current = (await client.query('select pg_current_logfile() as file')).rows[0].file;
  const dataDir = (await client.query('show data_directory')).rows[0].data_directory;
  if (current) return current.startsWith('/') ? current : `${dataDir}/${current}`;
  // logging_collector off: Debian's pg_ctlcluster sends stderr to /var/log/postgresql/postgresql-<cluster>.log
  const cluster = (await client.query('show cluster_name')).rows[0].cluster_name;
  return cluster ? `/var/log/postgresql/postgresql-${cluster.replace('/', '-')}.log` : null;
}

function readFrom(file, offset) {
  const size = statSync(file).size;
  const buffer = Buffer.alloc(Math.max(0, size - offset));
  const fd = openSync(file, 'r');
  try {
    readSync(fd, buffer, 0, buffer.length, offset);
  } finally {
    closeSync(fd);
  }
  return buffer.toString('utf8');
}

/** Ends therapy's connections to `database` that started before `since` and are idle, until none is left. */
async function reconnectTherapy(client, database, since) {
  for (let i = 0; i < 100; i++) {
    const { rows } = await client.query(
      `select pid, state from pg_stat_activity where usename = 'therapy' and datname = $1 and backend_start < $2`,
      [database, since],
    );
    if (rows.length === 0) return;
    for (const row of rows.filter((r) => r.state === 'idle')) {
      await client.query('select pg_terminate_backend($1)', [row.pid]);
    }
    await sleep(50);
  }
  throw new Error('therapy kept connections opened before the setting');
}

/**
 * The statements therapy ran in `database` in `text` (a piece of the server log), grouped in units per backend
 * (a transaction, or one statement outside one), without the outbox relay's units (those whose first statement
 * after `begin` claims outbox rows: `select … "outbox_event" … for update skip locked`).
 */
export function therapyStatements(text, database) {
  const prefix = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d+ \S+ \[(\d+)\] (\S*) (\w+): {2}(.*)$/;
  const entries = [];
  let current = null;
  for (const line of text.split('\n')) {
    const match = prefix.exec(line);
    if (!match) {
      if (current) current.sql += `\n${line}`; // a statement's next line
      continue;
    }
    const [, pid, who, level, message] = match;
    const statement = /^(?:statement|execute [^:]*): ([\s\S]*)$/.exec(message);
    current =
      level === 'LOG' && who === `therapy@${database}` && statement ? { pid, sql: statement[1] } : null;
    if (current) entries.push(current);
  }
  const open = new Map();
  const units = [];
  for (const { pid, sql } of entries) {
    const unit = open.get(pid) ?? [];
    unit.push(sql);
    const word = sql.trim().split(/\s+/)[0].toLowerCase();
    if (word === 'begin' || word === 'start' || (unit.length > 1 && !['commit', 'rollback'].includes(word))) {
      open.set(pid, unit);
      continue;
    }
    open.delete(pid);
    units.push(unit);
  }
  units.push(...open.values());
  const relay = (unit) =>
    /^\s*select\b[\s\S]*"outbox_event"[\s\S]*for update/i.test(
      unit.find((sql) => !/^\s*(begin|start)\b/i.test(sql)) ?? '',
    );
  return units.filter((unit) => !relay(unit)).flat();
}

/**
 * Counts the statements therapy runs per request for each of `calls` (`{ key, name, request }`, `request()` making
 * one call that must answer 2xx), `REQUESTS` calls one after the other each. Returns `{ [key]: { name,
 * perRequest, sample } }` or throws when the log cannot be used.
 */
export async function countStatements(system, calls) {
  const client = new pg.Client({ connectionString: system.adminUrl });
  await client.connect();
  try {
    const file = await logFile(client);
    if (!file) throw new Error('the server log file is unknown');
    statSync(file); // readable?
    const since = (await client.query('select now() as at')).rows[0].at;
    await client.query(`alter role "therapy" in database "${system.database}" set log_statement = 'all'`);
    try {
      await reconnectTherapy(client, system.database, since);
      const counts = {};
      for (const call of calls) {
        // Warm-up (a first call may also meet a connection being ended).
        for (let i = 0; i < 3; i++) await call.request().catch(() => undefined);
        await sleep(300);
        const offset = statSync(file).size;
        for (let i = 0; i < REQUESTS; i++) await call.request();
        await sleep(300); // the log is written asynchronously
        const statements = therapyStatements(readFrom(file, offset), system.database);
        if (statements.length === 0)
          throw new Error(`no statements of therapy in ${file} (log_statement not applied?)`);
        counts[call.key] = {
          name: call.name,
          perRequest: Number((statements.length / REQUESTS).toFixed(2)),
          sample: statements
            .slice(0, Math.round(statements.length / REQUESTS))
            .map((sql) => sql.replace(/\s+/g, ' ').slice(0, 200)),
        };
      }
      return { requests: REQUESTS, source: `Postgres log (${file})`, calls: counts };
    } finally {
      const until = (await client.query('select now() as at')).rows[0].at;
      await client.query(`alter role "therapy" in database "${system.database}" reset log_statement`);
      await reconnectTherapy(client, system.database, until).catch(() => undefined);
    }
  } finally {
    await client.end();
  }
}
