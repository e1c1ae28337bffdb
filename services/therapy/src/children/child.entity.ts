import { defineEntity, p } from '@mikro-orm/core';

/** A child profile. Its owner is the user who created it; its team is in `child_helper`. */
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
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export class Child extends ChildSchema.class {}
ChildSchema.setClass(Child);
