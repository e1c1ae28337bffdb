import { defineEntity, p } from '@mikro-orm/core';
import { PLAN_STATUSES } from '@aba/contracts/api';

/** The columns plans and sub-plans share (spec §3: id, name, description, status), one table each. */
const planProperties = {
  id: p.uuid().primary(),
  /** The child it belongs to (`on delete cascade`). */
  childId: p.uuid(),
  name: p.string().length(100),
  description: p.string().length(2000),
  status: p.enum(PLAN_STATUSES),
  createdAt: p.datetime().onCreate(() => new Date()),
  updatedAt: p
    .datetime()
    .onCreate(() => new Date())
    .onUpdate(() => new Date()),
};

/** A child's plan: a group of sub-plans (many-to-many through `plan_sub_plan`). */
export const PlanSchema = defineEntity({ name: 'Plan', tableName: 'plan', properties: planProperties });
export class Plan extends PlanSchema.class {}
PlanSchema.setClass(Plan);

/** A child's sub-plan: owns its items; may be part of several plans of the same child. */
export const SubPlanSchema = defineEntity({
  name: 'SubPlan',
  tableName: 'sub_plan',
  properties: planProperties,
});
export class SubPlan extends SubPlanSchema.class {}
SubPlanSchema.setClass(SubPlan);
