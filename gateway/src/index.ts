export { createGateway, type GatewayOptions } from './gateway.js';
export {
  loadGatewayConfig,
  gatewayConfigSchemas,
  type GatewayConfig,
  type GatewaySettings,
} from './config.js';
export * from './routing/routing-table.js';
export { SessionResolver, AnonymousSessionResolver, ANONYMOUS } from './session/session-resolver.js';
