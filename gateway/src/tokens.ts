/** Nest injection tokens for values that are not classes. */
export const GATEWAY_CONFIG = Symbol('GatewayConfig');
export const PINO_LOGGER = Symbol('PinoLogger');
/** Each service's replicas (`UpstreamPools`), shared by the proxy and the session resolver. */
export const UPSTREAM_POOLS = Symbol('UpstreamPools');
