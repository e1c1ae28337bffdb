import 'reflect-metadata';
import { ConfigError, createLogger } from '@aba/server-kit';
import { loadGatewayConfig } from './config.js';
import { createGateway } from './gateway.js';

async function main() {
  let config;
  try {
    config = loadGatewayConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`gateway: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger('gateway', config.log.level);
  if (config.gateway.chatWidgetWarning) logger.warn(config.gateway.chatWidgetWarning);
  const app = await createGateway(config, { logger });
  await app.listen(config.http.port, config.http.host);
  logger.info(
    { url: `http://${config.http.host}:${config.http.port}`, upstreams: config.gateway.upstreams },
    'gateway listening',
  );
}

main().catch((error: unknown) => {
  console.error('gateway failed to start', error);
  process.exit(1);
});
