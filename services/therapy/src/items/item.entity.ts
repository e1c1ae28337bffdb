import { defineEntity, p } from '@mikro-orm/core';
import { ITEM_STATUSES } from '@aba/contracts/api';

/** An item of a sub-plan (spec §3), evaluated YES or NO. */
export const SubPlanItemSchema = defineEntity({
  name: 'SubPlanItem',
  tableName: 'sub_plan_item',
  properties: {
    id: p.uuid().primary(),
    subPlanId: p.uuid(),
    description: p.string().length(500),
    status: p.enum(ITEM_STATUSES),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export class SubPlanItem extends SubPlanItemSchema.class {}
SubPlanItemSchema.setClass(SubPlanItem);
