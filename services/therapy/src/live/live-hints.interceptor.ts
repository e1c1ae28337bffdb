import {
  type CallHandler,
  type ExecutionContext,
  Inject,
  Injectable,
  type NestInterceptor,
} from '@nestjs/common';
import { tap, type Observable } from 'rxjs';
import type { ChildScopedRequest } from '../child-access/child-access.types.js';
import { liveHintOf } from './live-hint.js';
import { LiveHub } from './live-hub.js';

interface RoutedRequest extends ChildScopedRequest {
  method?: string;
  route?: { path?: string };
}

/**
 * After every write on a child that succeeded (its transaction committed), tells the child's open pages what changed
 * (ADR 0040). Every write call of the child checks access, so every one has the child: nothing to add per call.
 */
@Injectable()
export class LiveHintsInterceptor implements NestInterceptor {
  constructor(@Inject(LiveHub) private readonly hub: LiveHub) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<RoutedRequest>();
    if (request.method === 'GET' || request.method === 'HEAD') return next.handle();
    return next.handle().pipe(
      tap(() => {
        const childId = request.childAccess?.childId;
        if (!childId) return;
        const hint = liveHintOf({
          routePath: request.route?.path ?? '',
          params: request.params ?? {},
          body: request.body,
        });
        this.hub.publish(childId, hint);
      }),
    );
  }
}
