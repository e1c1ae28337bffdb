import { Inject, Injectable } from '@nestjs/common';
import type { ChildLocator } from '../child-access/child-access.types.js';
import { SubPlansService } from './sub-plans.service.js';

/**
 * `/api/sub-plan/{id}/…` and the `sub_plan_id` of a new item: the sub-plan's child
 * (404 `Sub-plan does not exist` for an unknown or malformed id).
 */
@Injectable()
export class SubPlanChildLocator implements ChildLocator {
  constructor(@Inject(SubPlansService) private readonly subPlans: SubPlansService) {}

  childOf(subPlanId: string): Promise<string> {
    return this.subPlans.childOf(subPlanId);
  }
}
