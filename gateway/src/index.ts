export { createGateway, type GatewayOptions } from './gateway.js';
export {
  loadGatewayConfig,
  gatewayConfigSchemas,
  type GatewayConfig,
  type GatewaySettings,
} from './config.js';
export * from '@aba/contracts/routes';
export { SessionResolver, AnonymousSessionResolver, ANONYMOUS, SessionUnavailable } from './session/session-resolver.js';
export { IdentitySessionResolver, readCookie } from './session/identity-session-resolver.js';
