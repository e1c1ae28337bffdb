import {
  type DynamicModule,
  type INestApplication,
  Inject,
  type MiddlewareConsumer,
  Module,
  type NestModule,
  type Type,
} from '@nestjs/common';
import { APP_FILTER, APP_GUARD, NestFactory } from '@nestjs/core';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { httpConfig, internalTokenConfig, logConfig, natsConfig, postgresConfig } from './config/schemas.js';
import type {
  HttpConfig,
  InternalTokenConfig,
  LogConfig,
  NatsConfig,
  PostgresConfig,
} from './config/schemas.js';
import { loadConfig } from './config/load-config.js';
import {
  RUNTIME_DATABASE_TIMEOUTS,
  searchOwnSchema,
  serviceOrmConfig,
  type ServiceDatabaseOptions,
} from './database/orm-config.js';
import type { ServiceName } from './database/provision.js';
import { AllExceptionsFilter } from './errors/exception.filter.js';
import { EventsModule } from './events/events.module.js';
import { HealthController } from './health/health.controller.js';
import { InternalIdentityGuard } from './internal-token/internal-identity.guard.js';
import { InternalTokenCodec } from './internal-token/internal-token.js';
import { createLogger, PinoNestLogger, requestLogging } from './logging/logger.js';
import type { MeasuredRequest } from './metrics/http-metrics.js';
import { MetricsController } from './metrics/metrics.controller.js';
import { SERVICE_NAME, ServiceMetrics } from './metrics/service-metrics.js';

export interface ServiceConfig {
  http: HttpConfig;
  postgres: PostgresConfig;
  nats: NatsConfig;
  token: InternalTokenConfig;
  log: LogConfig;
}

export const DEFAULT_PORTS: Record<ServiceName, number> = { identity: 3001, therapy: 3002, billing: 3003 };

/** The configuration every service shares, parsed from the environment once at boot. */
export function loadServiceConfig(service: ServiceName, env: NodeJS.ProcessEnv = process.env): ServiceConfig {
  return loadConfig(
    {
      http: httpConfig(DEFAULT_PORTS[service]),
      postgres: postgresConfig,
      nats: natsConfig,
      token: internalTokenConfig,
      log: logConfig,
    },
    env,
  );
}

export interface ServiceKitOptions extends Pick<ServiceDatabaseOptions, 'entities' | 'migrations'> {
  name: ServiceName;
  config: ServiceConfig;
}

export function serviceDatabaseOptions(options: ServiceKitOptions): ServiceDatabaseOptions {
  return {
    schema: options.name,
    url: options.config.postgres.url,
    entities: options.entities,
    migrations: options.migrations,
  };
}

/**
 * What every service has: its database (own schema and role), events (outbox, relay, durable consumers),
 * the internal-token guard on every route, the `{ error }` filter and `/health`.
 */
@Module({})
export class ServiceKitModule implements NestModule {
  constructor(@Inject(ServiceMetrics) private readonly metrics: ServiceMetrics) {}

  /** Every request of the service is measured (`http_requests_total`, `http_request_duration_seconds`). */
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(this.metrics.http.middleware(routeTemplateOf)).forRoutes('*');
  }

  static forService(options: ServiceKitOptions): DynamicModule {
    return {
      module: ServiceKitModule,
      global: true,
      imports: [
        MikroOrmModule.forRoot({
          ...serviceOrmConfig(serviceDatabaseOptions(options)),
          driverOptions: { ...searchOwnSchema(options.name), ...RUNTIME_DATABASE_TIMEOUTS },
          registerRequestContext: true,
        }),
        EventsModule.forService({
          context: options.name,
          consumerName: options.name,
          schema: options.name,
          nats: options.config.nats,
        }),
      ],
      controllers: [HealthController, MetricsController],
      providers: [
        { provide: SERVICE_NAME, useValue: options.name },
        ServiceMetrics,
        { provide: InternalTokenCodec, useValue: new InternalTokenCodec(options.config.token.secret) },
        { provide: APP_GUARD, useClass: InternalIdentityGuard },
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
      ],
      exports: [InternalTokenCodec, ServiceMetrics],
    };
  }
}

/**
 * The route that answered a request, as the contracts write it (`/api/child/{id}`, from Express's `/api/child/:id`);
 * `unmatched` for a path no route took.
 */
function routeTemplateOf(request: MeasuredRequest & { route?: { path?: unknown } }): string {
  const path = request.route?.path;
  return typeof path === 'string' ? path.replace(/:(\w+)/g, '{$1}') : 'unmatched';
}

/** How a service's application is made, beyond its module. */
export interface ServiceAppOptions {
  name: string;
  config: Pick<ServiceConfig, 'log'>;
  /** The largest JSON body the service reads (body-parser's `limit`); 100 KB when not given. */
  jsonBodyLimit?: string;
}

/** Creates a service's Nest application with pino logging, request ids and graceful shutdown. */
export async function createServiceApp(
  module: Type<unknown> | DynamicModule,
  options: ServiceAppOptions,
): Promise<INestApplication> {
  const logger = createLogger(options.name, options.config.log.level);
  const app = await NestFactory.create<NestExpressApplication>(module, {
    logger: new PinoNestLogger(logger),
    rawBody: true,
  });
  if (options.jsonBodyLimit) app.useBodyParser('json', { limit: options.jsonBodyLimit });
  app.use(requestLogging(logger));
  app.enableShutdownHooks();
  app.disable('x-powered-by');
  // API answers are never cached (the gateway says no-store), so hashing every body for an ETag is wasted work.
  app.disable('etag');
  return app;
}
