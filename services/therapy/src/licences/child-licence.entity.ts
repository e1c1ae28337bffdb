import { defineEntity, p } from '@mikro-orm/core';

/** Therapy's copy of billing's licence uses: a child with at least one row here is licensed. */
export const ChildLicenceSchema = defineEntity({
  name: 'ChildLicence',
  tableName: 'child_licence',
  properties: {
    childSubscriptionId: p.uuid().primary(),
    childId: p.uuid(),
    assignedAt: p.datetime(),
  },
});
export class ChildLicence extends ChildLicenceSchema.class {}
ChildLicenceSchema.setClass(ChildLicence);
