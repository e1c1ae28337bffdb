import { defineEntity, p } from '@mikro-orm/core';

/**
 * A child profile. Its owner is the user who created it; its team is in `child_helper`. A deleted child keeps its row
 * (`deletedAt`) until it is erased for good (ADR 0021); no call but its restore sees it meanwhile.
 */
export const ChildSchema = defineEntity({
  name: 'Child',
  tableName: 'child',
  properties: {
    id: p.uuid().primary(),
    firstName: p.string(),
    lastName: p.string(),
    /** `YYYY-MM-DD` */
    dateOfBirth: p.date(),
    ownerId: p.uuid(),
    /** IANA zone whose calendar days group the child's data (local days). */
    timeZone: p.string().length(64).default('Europe/Bucharest'),
    deletedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export class Child extends ChildSchema.class {}
ChildSchema.setClass(Child);
