import { defineEntity, p } from '@mikro-orm/core';

/** A Stripe event already applied; written in the same transaction as its effect, so a replay is ignored. */
export const StripeEventSchema = defineEntity({
  name: 'StripeEvent',
  tableName: 'stripe_event',
  properties: {
    id: p.string().primary(),
    type: p.string(),
    processedAt: p.datetime(),
  },
});
export class StripeEvent extends StripeEventSchema.class {}
StripeEventSchema.setClass(StripeEvent);
