import { defineEntity, p } from '@mikro-orm/core';

/** Projection of therapy's events: which children a user owns or helps with, since when (for login's child_id). */
export const UserChildSchema = defineEntity({
  name: 'UserChild',
  tableName: 'user_child',
  properties: {
    userId: p.uuid().primary(),
    childId: p.uuid().primary(),
    since: p.datetime(),
  },
});
export class UserChild extends UserChildSchema.class {}
UserChildSchema.setClass(UserChild);
