// `npm start`: brings the whole system up on one machine and serves it on http://localhost:8080.
// Postgres and NATS are found or started, schemas and roles are created, every service is migrated as
// its own role, what is stale is built, and every process runs with prefixed logs until Ctrl-C. On the first start
// the demo data is seeded (seed-demo.mjs; SEED_DEMO=false skips it) and the logins are printed next to the URL.
import { relative, resolve } from 'node:path';
import { gatewayEnvironment, localAdmin, readRunnerConfig, repoRoot, serviceEnvironment } from './environment.mjs';
import { resolveNats, resolvePostgres } from './infrastructure.mjs';
import { log, run, start, waitHealthy } from './processes.mjs';
import { DEMO_PARENT, DEMO_PASSWORD, DEMO_THERAPIST, seedDemo } from './seed-demo.mjs';

const SERVICES = ['identity', 'therapy', 'billing'];
const node = process.execPath;
const say = (message) => log('runner', message);

async function main() {
  if (Number(process.versions.node.split('.')[0]) < 24) {
    say(`Node ${process.versions.node} is too old: run \`npm start\`, which uses the project's Node 24 (node_modules/.bin/node).`);
    process.exit(1);
  }
  const config = readRunnerConfig();
  const admin = localAdmin();
  const cleanups = [];
  const running = [];
  let stopping = false;

  async function shutdown(code) {
    if (stopping) return;
    stopping = true;
    say('Stopping…');
    const gateway = running.find((p) => p.name === 'gateway');
    await gateway?.stop();
    await Promise.all(running.filter((p) => p !== gateway).map((p) => p.stop()));
    for (const cleanup of cleanups.reverse()) await cleanup().catch((error) => say(`Clean-up failed: ${error.message}`));
    say('Stopped.');
    process.exit(code);
  }
  process.on('SIGINT', () => shutdown(0));
  process.on('SIGTERM', () => shutdown(0));

  try {
    if (!config.skipBuild) {
      say('Building what is stale (nx caches the rest)…');
      await run('build', node, [resolve(repoRoot, 'node_modules/nx/dist/bin/nx.js'), 'run-many', '-t', 'build', '--output-style=stream'], {
        cwd: repoRoot,
        env: { ...process.env, NX_DAEMON: 'false' },
      });
    }
    const postgres = await resolvePostgres(config, say);
    cleanups.push(postgres.stop);
    const nats = await resolveNats(config, say);
    cleanups.push(nats.stop);

    const { provisionDatabase, serviceDatabaseUrl } = await import('@aba/server-kit');
    await provisionDatabase({ adminUrl: postgres.adminUrl, database: config.database, rolePassword: config.rolePassword });
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

    for (const service of SERVICES) {
      const handle = start(service, node, [resolve(repoRoot, `services/${service}/dist/main.js`)], {
        cwd: resolve(repoRoot, 'services', service),
        env: serviceEnv(service, { admin }),
      });
      running.push(handle);
      handle.exited.then(({ code }) => !stopping && (say(`${service} stopped unexpectedly (code ${code})`), shutdown(1)));
    }
    await Promise.all(
      running.map((handle) => waitHealthy(handle, `http://127.0.0.1:${config.servicePorts[handle.name]}/health`)),
    );

    const gateway = start('gateway', node, [resolve(repoRoot, 'gateway/dist/main.js')], {
      cwd: resolve(repoRoot, 'gateway'),
      env: gatewayEnvironment(config, { natsUrl: nats.url }),
    });
    running.push(gateway);
    gateway.exited.then(({ code }) => !stopping && (say(`gateway stopped unexpectedly (code ${code})`), shutdown(1)));
    await waitHealthy(gateway, `http://127.0.0.1:${config.gatewayPort}/health`);

    const demo = await seed(config, admin);

    say('');
    say(`ABA Tracker is running: ${config.publicOrigin}`);
    if (demo) {
      say(`  demo parent:     ${DEMO_PARENT.email} / ${DEMO_PASSWORD}`);
      say(`  demo therapist:  ${DEMO_THERAPIST.email} / ${DEMO_PASSWORD}`);
    }
    if (admin) {
      const password = admin.fromEnv ? '(ADMIN_PASSWORD)' : `${admin.password}  (kept in ${relative(repoRoot, admin.file)})`;
      say(`  administrator:   ${admin.email} / ${password}`);
    }
    say('Press Ctrl-C to stop.');
  } catch (error) {
    say(`Start-up failed: ${error.message}`);
    await shutdown(1);
  }
}

/** Seeds the demo data unless disabled; true when the demo logins work. A failure is a warning, never a stop. */
async function seed(config, admin) {
  if (!config.seedDemo) {
    say('Demo data: skipped (SEED_DEMO=false).');
    return false;
  }
  if (config.smtpUrl) {
    say('Demo data: skipped, SMTP_URL is set (activation e-mails are not on disk). Set SEED_DEMO=false to silence this.');
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
