// The system under test is started the way `npm start` starts it, on ports of its own and with a
// database and NATS prefix of its own, so a developer's running instance is never touched.
const runId = process.env.E2E_RUN_ID || Date.now().toString(36);

export const e2eEnvironment = {
  runId,
  gatewayPort: 8180,
  database: `aba_e2e_${runId}`,
  natsPrefix: `e2e${runId}`,
  adminUrl: process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
  natsUrl: process.env.NATS_URL || 'nats://127.0.0.1:4222',
};
process.env.E2E_RUN_ID = runId;

export const baseURL = `http://localhost:${e2eEnvironment.gatewayPort}`;
