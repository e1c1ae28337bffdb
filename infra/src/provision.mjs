// `node infra/src/provision.mjs`: creates the database, one schema and one role per service (deployments run it
// once before the services migrate). Uses DATABASE_URL (an admin connection), APP_DATABASE and DB_ROLE_PASSWORD.
import { provisionDatabase } from '@aba/server-kit';
import { readRunnerConfig } from './environment.mjs';

const config = readRunnerConfig();
if (!config.databaseUrl) {
  console.error('DATABASE_URL (an admin connection) is required');
  process.exit(1);
}
await provisionDatabase({ adminUrl: config.databaseUrl, database: config.database, rolePassword: config.rolePassword });
console.log(`Database "${config.database}": schemas and roles ready`);
