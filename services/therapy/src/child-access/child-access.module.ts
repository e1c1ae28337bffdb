import {
  type DynamicModule,
  Global,
  type MiddlewareConsumer,
  Module,
  type NestModule,
  RequestMethod,
  type Type,
} from '@nestjs/common';
import { ChildAccessGuard } from './child-access.guard.js';
import { ChildAccessPolicy } from './child-access.policy.js';
import { CHILD_GATES, type ChildGate } from './child-access.types.js';
import { ChildScopeMiddleware } from './child-scope.middleware.js';

export interface ChildAccessModuleOptions {
  /** Further conditions on child calls, in order (e.g. the licence gate). */
  gates?: Type<ChildGate>[];
}

/** The child access rule for the whole service: policy, `@ChildAccess` guard and the child-scope middleware. */
@Global()
@Module({})
export class ChildAccessModule implements NestModule {
  static forRoot(options: ChildAccessModuleOptions = {}): DynamicModule {
    const gates = options.gates ?? [];
    return {
      module: ChildAccessModule,
      providers: [
        ...gates,
        { provide: CHILD_GATES, useFactory: (...instances: ChildGate[]) => instances, inject: gates },
        ChildAccessPolicy,
        ChildAccessGuard,
        ChildScopeMiddleware,
      ],
      exports: [ChildAccessPolicy, ChildAccessGuard],
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(ChildScopeMiddleware).forRoutes({ path: 'api/child/*path', method: RequestMethod.ALL });
  }
}
