import { defineEntity } from '@mikro-orm/core';
import { planKindProperties } from '../plan-kinds/plan-kind.entity.js';

/** A child's plan: a group of sub-plans (many-to-many through `plan_sub_plan`). */
export const PlanSchema = defineEntity({ name: 'Plan', tableName: 'plan', properties: planKindProperties });
export class Plan extends PlanSchema.class {}
PlanSchema.setClass(Plan);
