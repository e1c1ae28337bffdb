import { defineEntity, p } from '@mikro-orm/core';
import { SUBSCRIPTION_STATUSES } from '@aba/contracts/api';

/**
 * A pack of `quantity` licences held by a user, created by an admin or by Stripe Checkout. Only `active` ones give
 * licences. `stripeUpdatedAt` is the Stripe event time of the last state applied from Stripe: an older event is
 * ignored (Stripe does not deliver in order).
 */
export const SubscriptionSchema = defineEntity({
  name: 'Subscription',
  tableName: 'subscription',
  properties: {
    id: p.uuid().primary(),
    userId: p.uuid(),
    quantity: p.integer(),
    status: p.enum(SUBSCRIPTION_STATUSES),
    stripeCustomerId: p.string().nullable(),
    stripeSubscriptionId: p.string().nullable(),
    createdAt: p.datetime(),
    lastUpdate: p.datetime(),
    stripeUpdatedAt: p.datetime().nullable(),
  },
});
export class Subscription extends SubscriptionSchema.class {}
SubscriptionSchema.setClass(Subscription);
