import { defineEntity } from '@mikro-orm/core';
import { planKindProperties } from '../plan-kinds/plan-kind.entity.js';

/** A child's sub-plan: owns its items; may be part of several plans of the same child. */
export const SubPlanSchema = defineEntity({
  name: 'SubPlan',
  tableName: 'sub_plan',
  properties: planKindProperties,
});
export class SubPlan extends SubPlanSchema.class {}
SubPlanSchema.setClass(SubPlan);
