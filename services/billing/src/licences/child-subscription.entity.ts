import { defineEntity, p } from '@mikro-orm/core';

export const LICENCE_USE_STATUSES = ['active', 'inactive'] as const;

/** Why a licence use ended. */
export const REVOCATION_REASONS = [
  'removed',
  'subscription_inactive',
  'quantity_reduced',
  'child_deleted',
] as const;
export type RevocationReason = (typeof REVOCATION_REASONS)[number];

/**
 * A licence use ("child subscription"): one licence of a subscription given to a child. A child has at most one
 * `active` use (partial unique index); ended uses stay as `inactive` history.
 */
export const ChildSubscriptionSchema = defineEntity({
  name: 'ChildSubscription',
  tableName: 'child_subscription',
  properties: {
    id: p.uuid().primary(),
    subscriptionId: p.uuid(),
    childId: p.uuid(),
    status: p.enum(LICENCE_USE_STATUSES),
    assignedBy: p.uuid(),
    assignedAt: p.datetime(),
    revokedAt: p.datetime().nullable(),
    revokedReason: p.enum(REVOCATION_REASONS).nullable(),
  },
});
export class ChildSubscription extends ChildSubscriptionSchema.class {}
ChildSubscriptionSchema.setClass(ChildSubscription);
