import { defineEntity, p } from '@mikro-orm/core';
import { EVALUATION_RESULTS } from '@aba/contracts/api';

/**
 * One YES/NO evaluation of an item (a trial): who made it, in which session and when, and the plan it was made in when made through the
 * plan path. The child is kept too (the dashboard reads a child's evaluations by date).
 */
export const ItemEvaluationSchema = defineEntity({
  name: 'ItemEvaluation',
  tableName: 'item_evaluation',
  properties: {
    id: p.uuid().primary(),
    itemId: p.uuid(),
    childId: p.uuid(),
    planId: p.uuid().nullable(),
    result: p.enum(EVALUATION_RESULTS),
    userId: p.uuid(),
    sessionId: p.uuid(),
    /** When it was scored on the device; `createdAt` is when it reached the server. */
    capturedAt: p.datetime(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export class ItemEvaluation extends ItemEvaluationSchema.class {}
ItemEvaluationSchema.setClass(ItemEvaluation);
