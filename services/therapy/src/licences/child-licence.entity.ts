import { defineEntity, p } from '@mikro-orm/core';

/**
 * Therapy's copy of billing's licence uses: a child with a row here that has not ended is licensed. An ended one is
 * kept: a capture made before its end is still accepted (`licensedCapture`).
 */
export const ChildLicenceSchema = defineEntity({
  name: 'ChildLicence',
  tableName: 'child_licence',
  properties: {
    childSubscriptionId: p.uuid().primary(),
    childId: p.uuid(),
    assignedAt: p.datetime(),
    endedAt: p.datetime().nullable(),
  },
});
export class ChildLicence extends ChildLicenceSchema.class {}
ChildLicenceSchema.setClass(ChildLicence);
