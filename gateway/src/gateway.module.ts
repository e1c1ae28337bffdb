import { type DynamicModule, Module } from '@nestjs/common';
import type { Logger } from 'pino';
import type { GatewayConfig } from './config.js';
import { ApiDocs } from './docs/api-docs.js';
import { HealthController } from './health/health.controller.js';
import { GatewayMetrics } from './metrics/gateway-metrics.js';
import { proxyProviders } from './proxy/proxy.providers.js';
import { IdentitySessionResolver } from './session/identity-session-resolver.js';
import { InternalTokenCache } from './session/internal-token-cache.js';
import { SessionResolver } from './session/session-resolver.js';
import { SessionRevocations } from './session/session-revocations.js';
import type { UpstreamPools } from './upstreams/upstream-pool.js';
import { GATEWAY_CONFIG, PINO_LOGGER, UPSTREAM_POOLS } from './tokens.js';
import { RemotesRegistry } from './web/remotes-registry.js';
import { WebModule } from './web/web.module.js';

export interface GatewayModuleOptions {
  readonly config: GatewayConfig;
  readonly logger: Logger;
  /** Who is calling; defaults to asking identity (IdentitySessionResolver). */
  readonly sessionResolver?: SessionResolver;
}

@Module({})
export class GatewayModule {
  static forRoot({ config, logger, sessionResolver }: GatewayModuleOptions): DynamicModule {
    return {
      module: GatewayModule,
      global: true,
      imports: [WebModule],
      controllers: [HealthController],
      providers: [
        { provide: GATEWAY_CONFIG, useValue: config },
        { provide: PINO_LOGGER, useValue: logger },
        GatewayMetrics,
        ApiDocs,
        { provide: RemotesRegistry, useValue: new RemotesRegistry(config.gateway, logger) },
        ...proxyProviders,
        ...(sessionResolver
          ? [{ provide: SessionResolver, useValue: sessionResolver }]
          : [
              {
                provide: IdentitySessionResolver,
                inject: [UPSTREAM_POOLS, InternalTokenCache],
                useFactory: (pools: UpstreamPools, tokens: InternalTokenCache) =>
                  new IdentitySessionResolver(pools.identity, tokens, logger),
              },
              { provide: SessionResolver, useExisting: IdentitySessionResolver },
              {
                provide: SessionRevocations,
                inject: [IdentitySessionResolver],
                useFactory: (sessions: IdentitySessionResolver) =>
                  new SessionRevocations(config.nats, sessions, logger),
              },
            ]),
      ],
      exports: [GATEWAY_CONFIG, PINO_LOGGER, SessionResolver, RemotesRegistry, GatewayMetrics],
    };
  }
}
