import { Inject, Injectable } from '@nestjs/common';
import type { ChildLocator } from '../child-access/child-access.types.js';
import { PlansService } from './plans.service.js';

/** `/api/plan/{id}/…`: the plan's child (404 `Plan does not exist` for an unknown or malformed id). */
@Injectable()
export class PlanChildLocator implements ChildLocator {
  constructor(@Inject(PlansService) private readonly plans: PlansService) {}

  childOf(planId: string): Promise<string> {
    return this.plans.childOf(planId);
  }
}
