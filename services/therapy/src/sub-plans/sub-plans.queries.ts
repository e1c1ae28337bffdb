import { PlanMessages } from '@aba/contracts/api';
import { PlanKindStore } from '../plan-kinds/plan-kind.store.js';
import { SubPlan } from './sub-plan.entity.js';

export const subPlanStore = new PlanKindStore(
  SubPlan,
  {
    notFound: PlanMessages.subPlanNotFound,
    created: PlanMessages.subPlanCreated,
    updated: PlanMessages.subPlanUpdated,
    deleted: PlanMessages.subPlanDeleted,
  },
  'SUB_PLAN',
);
