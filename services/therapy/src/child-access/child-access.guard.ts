import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { ModuleRef, Reflector } from '@nestjs/core';
import { parseBody } from '@aba/server-kit';
import { ChildAccessPolicy } from './child-access.policy.js';
import { CHILD_ACCESS, type ChildAccessRequirement, type ChildScopedRequest } from './child-access.types.js';

function keyOf(request: ChildScopedRequest, requirement: ChildAccessRequirement): string {
  const name = requirement.key ?? 'id';
  const source =
    requirement.in === 'query'
      ? request.query
      : requirement.in === 'body'
        ? (request.body as Record<string, unknown> | undefined)
        : request.params;
  const value = source && typeof source === 'object' ? (source as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value : '';
}

/**
 * Applies the `@ChildAccess(action, options)` of a route: finds the child (directly, or through the object's
 * `ChildLocator`) and asks the policy. Runs after the global internal-token guard, so the identity is known.
 */
@Injectable()
export class ChildAccessGuard implements CanActivate {
  constructor(
    @Inject(Reflector) private readonly reflector: Reflector,
    @Inject(ModuleRef) private readonly moduleRef: ModuleRef,
    @Inject(ChildAccessPolicy) private readonly policy: ChildAccessPolicy,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const requirement = this.reflector.get<ChildAccessRequirement | undefined>(
      CHILD_ACCESS,
      context.getHandler(),
    );
    if (!requirement) return true;
    const request = context.switchToHttp().getRequest<ChildScopedRequest>();
    if (requirement.body) request.body = parseBody(requirement.body, request.body);
    const key = keyOf(request, requirement);
    const childId = requirement.via
      ? await this.moduleRef.get(requirement.via, { strict: false }).childOf(key)
      : key;
    request.childAccess = await this.policy.authorize(request.identity, childId, requirement.action, {
      exempt: requirement.exempt,
      restorable: requirement.restorable,
      handOver: requirement.handOver,
      known: request.childAccess,
    });
    return true;
  }
}
