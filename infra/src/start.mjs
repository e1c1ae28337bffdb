// `npm start`: brings the whole system up on one machine and serves it on http://localhost:8080.
// Postgres and NATS are found or started, schemas and roles are created, every service is migrated as
// its own role, what is stale is built, and every process runs with prefixed logs until Ctrl-C. On the first start
// the demo data is seeded (seed-demo.mjs; SEED_DEMO=false skips it) and the logins are printed next to the URL.
// REPLICAS=n runs n processes of each service and of the gateway, behind a round-robin balancer (ADR 0057).
import { createServer } from 'node:net';
import { relative, resolve } from 'node:path';
import { startBalancer } from './balancer.mjs';
import {
  gatewayEnvironment,
  localAdmin,
  readRunnerConfig,
  repoRoot,
  serviceEnvironment,
} from './environment.mjs';
import { resolveNats, resolvePostgres } from './infrastructure.mjs';
import { log, run, start, waitHealthy } from './processes.mjs';
import { DEMO_PARENT, DEMO_PASSWORD, DEMO_THERAPIST, seedDemo } from './seed-demo.mjs';

const SERVICES = ['identity', 'therapy', 'billing'];
const node = process.execPath;
const say = (message) => log('runner', message);

async function main() {
  if (Number(process.versions.node.split('.')[0]) < 24) {
    say(
      `Node ${process.versions.node} is too old: run \`npm start\`, which uses the project's Node 24 (node_modules/.bin/node).`,
    );
    process.exit(1);
  }
  const config = readRunnerConfig();
  const admin = localAdmin();
  const cleanups = [];
  /** Every process started: { kind (a service or 'gateway'), name, port, handle, alive }. */
  const running = [];
  let balancer;
  let stopping = false;

  async function shutdown(code) {
    if (stopping) return;
    stopping = true;
    say('Stopping…');
    await balancer?.close();
    const isGateway = (replica) => replica.kind === 'gateway';
    await Promise.all(running.filter(isGateway).map((replica) => replica.handle.stop()));
    await Promise.all(
      running.filter((replica) => !isGateway(replica)).map((replica) => replica.handle.stop()),
    );
    for (const cleanup of cleanups.reverse())
      await cleanup().catch((error) => say(`Clean-up failed: ${error.message}`));
    say('Stopped.');
    process.exit(code);
  }
  process.on('SIGINT', () => shutdown(0));
  process.on('SIGTERM', () => shutdown(0));

  try {
    if (!config.skipBuild) {
      say('Building what is stale (nx caches the rest)…');
      await run(
        'build',
        node,
        [
          resolve(repoRoot, 'node_modules/nx/dist/bin/nx.js'),
          'run-many',
          '-t',
          'build',
          '--output-style=stream',
        ],
        {
          cwd: repoRoot,
          env: { ...process.env, NX_DAEMON: 'false' },
        },
      );
    }
    const postgres = await resolvePostgres(config, say);
    cleanups.push(postgres.stop);
    const nats = await resolveNats(config, say);
    cleanups.push(nats.stop);

    const { provisionDatabase, serviceDatabaseUrl } = await import('@aba/server-kit');
    await provisionDatabase({
      adminUrl: postgres.adminUrl,
      database: config.database,
      rolePassword: config.rolePassword,
    });
    say(`Database "${config.database}": schemas and roles ready`);

    const serviceEnv = (service, extra = {}) =>
      serviceEnvironment(config, service, {
        databaseUrl: serviceDatabaseUrl(postgres.adminUrl, config.database, service, config.rolePassword),
        natsUrl: nats.url,
        ...extra,
      });

    for (const service of SERVICES) {
      await run(`migrate`, node, [resolve(repoRoot, `services/${service}/dist/migrate.js`)], {
        cwd: resolve(repoRoot, 'services', service),
        env: serviceEnv(service),
      });
    }

    /** Starts one replica; the runner stops only when the last replica of its kind has stopped. */
    const launch = (kind, index, port, env) => {
      const name = config.replicas === 1 ? kind : `${kind}#${index + 1}`;
      const directory = kind === 'gateway' ? 'gateway' : `services/${kind}`;
      const handle = start(name, node, [resolve(repoRoot, directory, 'dist/main.js')], {
        cwd: resolve(repoRoot, directory),
        env,
      });
      const replica = { kind, name, port, handle, alive: true };
      running.push(replica);
      handle.exited.then(({ code, signal }) => {
        replica.alive = false;
        if (stopping) return;
        const left = running.filter((other) => other.kind === kind && other.alive).length;
        const still = left ? `; ${left} of ${config.replicas} ${kind} replicas still run` : '';
        say(`${name} stopped unexpectedly (${signal ? `signal ${signal}` : `code ${code}`})${still}`);
        if (!left) shutdown(1);
      });
      return replica;
    };
    const healthy = (replicas) =>
      Promise.all(replicas.map(({ handle, port }) => waitHealthy(handle, `http://127.0.0.1:${port}/health`)));

    const ports = await replicaPorts(config);
    const services = SERVICES.flatMap((service) =>
      ports.services[service].map((port, index) =>
        launch(service, index, port, serviceEnv(service, { admin, port })),
      ),
    );
    await healthy(services);

    // With replicas, each gateway needs a metrics listener of its own: gateway #n's is METRICS_PORT + n - 1.
    const metricsPort = Number(config.passThrough.METRICS_PORT);
    const gateways = ports.gateways.map((port, index) =>
      launch('gateway', index, port, {
        ...gatewayEnvironment(config, { natsUrl: nats.url, port, servicePorts: ports.services }),
        ...(metricsPort > 0 ? { METRICS_PORT: String(metricsPort + index) } : {}),
      }),
    );
    await healthy(gateways);

    if (config.replicas > 1) {
      balancer = await startBalancer({
        host: config.passThrough.HOST || '127.0.0.1', // where a single gateway would listen
        port: config.gatewayPort,
        backends: gateways,
        log: (message) => log('balancer', message),
      });
      for (const { name, port, handle } of running)
        say(`${name} on 127.0.0.1:${port} (pid ${handle.child.pid})`);
      say(
        `Balancer on port ${config.gatewayPort}: connections go round-robin to the ${gateways.length} gateways`,
      );
    }

    const demo = await seed(config, admin);

    say('');
    say(`ABA Tracker is running: ${config.publicOrigin}`);
    if (demo) {
      say(`  demo parent:     ${DEMO_PARENT.email} / ${DEMO_PASSWORD}`);
      say(`  demo therapist:  ${DEMO_THERAPIST.email} / ${DEMO_PASSWORD}`);
    }
    if (admin) {
      const password = admin.fromEnv
        ? '(ADMIN_PASSWORD)'
        : `${admin.password}  (kept in ${relative(repoRoot, admin.file)})`;
      say(`  administrator:   ${admin.email} / ${password}`);
    }
    say('Press Ctrl-C to stop.');
  } catch (error) {
    say(`Start-up failed: ${error.message}`);
    await shutdown(1);
  }
}

/**
 * Where each process listens: replica 1 of a service on the service's own port, the others on free ports; the
 * gateway on GATEWAY_PORT, or with replicas every gateway on a free port, behind the balancer on GATEWAY_PORT.
 */
async function replicaPorts(config) {
  const further = config.replicas - 1;
  const gatewayCount = config.replicas > 1 ? config.replicas : 0;
  const free = await freePorts(SERVICES.length * further + gatewayCount);
  return {
    services: Object.fromEntries(
      SERVICES.map((service) => [service, [config.servicePorts[service], ...free.splice(0, further)]]),
    ),
    gateways: gatewayCount ? free : [config.gatewayPort],
  };
}

/** `count` distinct ports free on 127.0.0.1 now, picked by the system (all held at once, so none repeats). */
async function freePorts(count) {
  const listening = () =>
    new Promise((done, fail) => {
      const server = createServer().once('error', fail);
      server.listen(0, '127.0.0.1', () => done(server));
    });
  const servers = await Promise.all(Array.from({ length: count }, listening));
  const ports = servers.map((server) => server.address().port);
  await Promise.all(servers.map((server) => new Promise((done) => server.close(done))));
  return ports;
}

/** Seeds the demo data unless disabled; true when the demo logins work. A failure is a warning, never a stop. */
async function seed(config, admin) {
  if (!config.seedDemo) {
    say('Demo data: skipped (SEED_DEMO=false).');
    return false;
  }
  if (config.smtpUrl) {
    say(
      'Demo data: skipped, SMTP_URL is set (activation e-mails are not on disk). Set SEED_DEMO=false to silence this.',
    );
    return false;
  }
  try {
    await seedDemo({
      origin: config.publicOrigin,
      baseUrl: `http://127.0.0.1:${config.gatewayPort}`,
      mailDir: config.mailDir,
      admin,
      log: say,
    });
    return true;
  } catch (error) {
    say(`WARN Demo data could not be seeded: ${error.message}`);
    say(
      `WARN The system runs without it. Fix the cause and restart, or drop the database "${config.database}" for a clean ` +
        'seed, or start with SEED_DEMO=false to skip it.',
    );
    return false;
  }
}

await main();
