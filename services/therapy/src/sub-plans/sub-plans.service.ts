import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import type { Plan as PlanDto } from '@aba/contracts/api';
import { toPlanDto } from '../plan-kinds/plan-kind.dto.js';
import { PlanKindService } from '../plan-kinds/plan-kind.service.js';
import { subPlanStore } from './sub-plans.queries.js';

/**
 * A child's sub-plans: each owns its items; it can be part of several of the child's plans. Deleting one deletes its
 * items and their evaluations; the plans it was part of stay.
 */
@Injectable()
export class SubPlansService extends PlanKindService {
  constructor(@Inject(EntityManager) em: EntityManager) {
    super(em, subPlanStore);
  }

  async get(childId: string, subPlanId: string): Promise<{ plan: PlanDto }> {
    return { plan: toPlanDto(await this.store.get(this.em, childId, subPlanId)) };
  }
}
