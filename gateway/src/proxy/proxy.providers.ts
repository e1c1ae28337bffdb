import type { Provider } from '@nestjs/common';
import { InternalTokenCodec } from '@aba/server-kit';
import type { Logger } from 'pino';
import type { GatewayConfig } from '../config.js';
import { InternalTokenCache } from '../session/internal-token-cache.js';
import { GATEWAY_CONFIG, PINO_LOGGER, UPSTREAM_POOLS } from '../tokens.js';
import { ApiGateway } from './api-gateway.js';
import { upstreamPools, type UpstreamPools } from '../upstreams/upstream-pool.js';
import { UpstreamProxy } from './upstream-proxy.js';

/** How long one signed internal token is reused for the same identity (the token itself lives 60 s). */
export const TOKEN_CACHE_TTL_MS = 10_000;

/** Closes the upstream connection pools at shutdown, after the HTTP server has finished its in-flight requests. */
class ManagedUpstreamProxy extends UpstreamProxy {
  onApplicationShutdown() {
    this.close();
  }
}

export const proxyProviders: Provider[] = [
  {
    provide: InternalTokenCodec,
    inject: [GATEWAY_CONFIG],
    useFactory: (config: GatewayConfig) => new InternalTokenCodec(config.token.secret),
  },
  {
    provide: InternalTokenCache,
    inject: [InternalTokenCodec],
    useFactory: (codec: InternalTokenCodec) => new InternalTokenCache(codec, TOKEN_CACHE_TTL_MS),
  },
  {
    provide: UPSTREAM_POOLS,
    inject: [GATEWAY_CONFIG],
    useFactory: (config: GatewayConfig) => upstreamPools(config.gateway.upstreams),
  },
  {
    provide: UpstreamProxy,
    inject: [GATEWAY_CONFIG, UPSTREAM_POOLS, PINO_LOGGER],
    useFactory: (config: GatewayConfig, pools: UpstreamPools, logger: Logger) =>
      new ManagedUpstreamProxy({
        pools,
        timeoutMs: config.gateway.upstreamTimeoutMs,
        logger,
      }),
  },
  ApiGateway,
];
