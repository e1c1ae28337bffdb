/** Nest injection tokens for values that are not classes. */
export const GATEWAY_CONFIG = Symbol('GatewayConfig');
export const PINO_LOGGER = Symbol('PinoLogger');
