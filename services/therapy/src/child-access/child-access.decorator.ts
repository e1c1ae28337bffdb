import {
  applyDecorators,
  createParamDecorator,
  type ExecutionContext,
  SetMetadata,
  UseGuards,
} from '@nestjs/common';
import type { ChildAction } from '@aba/contracts/api';
import { ChildAccessGuard } from './child-access.guard.js';
import {
  CHILD_ACCESS,
  type ChildAccessGrant,
  type ChildAccessOptions,
  type ChildAccessRequirement,
  type ChildScopedRequest,
} from './child-access.types.js';

/**
 * Declares what a route does to a child; the access rule is then enforced before the handler runs.
 *
 *   `@ChildAccess('read')`                                       child id in the route parameter `id`
 *   `@ChildAccess('evaluate', { key: 'childId' })`               another parameter name
 *   `@ChildAccess('edit', { via: PlanChildLocator })`            `/api/plan/{id}/…`: the plan's child
 *   `@ChildAccess('read', { in: 'query', key: 'child_id' })`     `/api/sub-plan/list?child_id=`
 *   `@ChildAccess('delete', { exempt: [gateName] })`             not subject to that gate (`OPEN_WITHOUT_LICENCE`)
 */
export function ChildAccess(action: ChildAction, options: ChildAccessOptions = {}): MethodDecorator {
  const requirement: ChildAccessRequirement = { action, ...options };
  return applyDecorators(SetMetadata(CHILD_ACCESS, requirement), UseGuards(ChildAccessGuard));
}

/** The grant established by `@ChildAccess` for this request: child id, caller, relation, owner. */
export const CurrentChild = createParamDecorator(
  (_data: unknown, context: ExecutionContext): ChildAccessGrant => {
    const grant = context.switchToHttp().getRequest<ChildScopedRequest>().childAccess;
    if (!grant) throw new Error('@CurrentChild() needs @ChildAccess() on the route');
    return grant;
  },
);
