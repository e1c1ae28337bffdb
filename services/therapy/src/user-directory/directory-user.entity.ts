import { defineEntity, p } from '@mikro-orm/core';

/** Therapy's copy of a registered user: names for helpers and evaluation authors, e-mail to resolve invites. */
export const DirectoryUserSchema = defineEntity({
  name: 'DirectoryUser',
  tableName: 'directory_user',
  properties: {
    id: p.uuid().primary(),
    email: p.string(),
    firstName: p.string(),
    lastName: p.string(),
    role: p.string(),
  },
});
export class DirectoryUser extends DirectoryUserSchema.class {}
DirectoryUserSchema.setClass(DirectoryUser);
