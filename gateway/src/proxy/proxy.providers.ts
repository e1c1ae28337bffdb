import type { Provider } from '@nestjs/common';
import { InternalTokenCodec } from '@aba/server-kit';
import type { Logger } from 'pino';
import type { GatewayConfig } from '../config.js';
import { InternalTokenCache } from '../session/internal-token-cache.js';
import { GATEWAY_CONFIG, PINO_LOGGER } from '../tokens.js';
import { ApiGateway } from './api-gateway.js';
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
    provide: UpstreamProxy,
    inject: [GATEWAY_CONFIG, PINO_LOGGER],
    useFactory: (config: GatewayConfig, logger: Logger) =>
      new ManagedUpstreamProxy({
        upstreams: config.gateway.upstreams,
        timeoutMs: config.gateway.upstreamTimeoutMs,
        logger,
      }),
  },
  ApiGateway,
];
