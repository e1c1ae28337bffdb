import { defineEntity, p } from '@mikro-orm/core';
import { Child } from '../children/child.entity.js';

export const HELPER_STATUSES = ['ACTIVE', 'PENDING'] as const;
export const ACCESS_TYPES = ['ADMIN', 'THERAPIST'] as const;

/**
 * A member of a child's team: a coordinator (ADMIN) or a therapist. PENDING while the invited e-mail has no
 * account (no user id yet); ACTIVE once it belongs to a registered user. The e-mail is stored normalised.
 */
export const ChildHelperSchema = defineEntity({
  name: 'ChildHelper',
  tableName: 'child_helper',
  properties: {
    id: p.uuid().primary(),
    child: () => p.manyToOne(Child).deleteRule('cascade'),
    userId: p.uuid().nullable(),
    email: p.string(),
    accessType: p.enum(ACCESS_TYPES),
    status: p.enum(HELPER_STATUSES),
    invitedBy: p.uuid(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export class ChildHelper extends ChildHelperSchema.class {}
ChildHelperSchema.setClass(ChildHelper);
