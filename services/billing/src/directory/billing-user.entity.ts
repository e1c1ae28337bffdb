import { defineEntity, p } from '@mikro-orm/core';

/**
 * Billing's copy of a registered user (identity.user.* events): the e-mail an admin types, the names shown. An erased
 * account stays as a tombstone (`deleted`), without e-mail or names (ADR 0049).
 */
export const BillingUserSchema = defineEntity({
  name: 'BillingUser',
  tableName: 'billing_user',
  properties: {
    id: p.uuid().primary(),
    email: p.string(),
    firstName: p.string(),
    lastName: p.string(),
    deleted: p.boolean().default(false),
  },
});
export class BillingUser extends BillingUserSchema.class {}
BillingUserSchema.setClass(BillingUser);
