import { defineEntity, p } from '@mikro-orm/core';

/**
 * Billing's copy of a child (therapy.child.* events): who owns it and its name. A deleted child stays as a tombstone
 * (`deleted`) so that a late `created`/`updated` delivery cannot bring it back; only its owner's restore does.
 */
export const ChildSchema = defineEntity({
  name: 'Child',
  tableName: 'child',
  properties: {
    id: p.uuid().primary(),
    ownerId: p.uuid(),
    firstName: p.string(),
    lastName: p.string(),
    deleted: p.boolean(),
  },
});
export class Child extends ChildSchema.class {}
ChildSchema.setClass(Child);

/** A helper of a child (therapy.child-access.* events): may assign a licence to it. */
export const ChildAccessSchema = defineEntity({
  name: 'ChildAccess',
  tableName: 'child_access',
  properties: {
    childId: p.uuid().primary(),
    userId: p.uuid().primary(),
    accessType: p.string(),
  },
});
export class ChildAccess extends ChildAccessSchema.class {}
ChildAccessSchema.setClass(ChildAccess);
