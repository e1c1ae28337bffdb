import { Inject, Injectable, type NestMiddleware } from '@nestjs/common';
import { InternalTokenCodec, requireInternalIdentity } from '@aba/server-kit';
import { ChildAccessPolicy } from './child-access.policy.js';
import type { ChildScopedRequest } from './child-access.types.js';
import { childIdInPath, isChildRestorePath, isHandOverPath } from './child-path.js';

/**
 * Every path under `/api/child/{id}` is checked for a relation to the child before routing, whether or not a
 * handler exists for the rest of the path: a stranger gets 403, an unknown child 404, never a route miss.
 * Handlers then check their action with `@ChildAccess`, reusing the relation found here. A deleted child is unknown
 * here too, except on its restore path (ADR 0021) and its hand-over path (ADR 0044).
 */
@Injectable()
export class ChildScopeMiddleware implements NestMiddleware {
  constructor(
    @Inject(InternalTokenCodec) private readonly codec: InternalTokenCodec,
    @Inject(ChildAccessPolicy) private readonly policy: ChildAccessPolicy,
  ) {}

  async use(request: ChildScopedRequest, _response: unknown, next: (error?: unknown) => void): Promise<void> {
    const path = request.originalUrl ?? request.url ?? '';
    const childId = childIdInPath(path);
    if (childId === null) return next();
    // Middleware runs before guards: verify the gateway's token here too, as the global guard would.
    const identity = await requireInternalIdentity(this.codec, request.headers);
    request.childAccess = await this.policy.relate(identity, childId, {
      restorable: isChildRestorePath(path),
      handOver: isHandOverPath(path),
    });
    next();
  }
}
