import { defineEntity, p } from '@mikro-orm/core';

export const USER_ROLES = ['ADMIN', 'PARENT', 'THERAPIST', 'COORDINATOR'] as const;
export const USER_LANGUAGES = ['ro', 'en'] as const;

/** A person with an account. The e-mail is stored normalised (trimmed, lower-case) and is unique. */
export const UserSchema = defineEntity({
  name: 'User',
  tableName: 'user_account',
  properties: {
    id: p.uuid().primary(),
    email: p.string(),
    firstName: p.string(),
    lastName: p.string(),
    phone: p.string(),
    role: p.enum(USER_ROLES),
    passwordHash: p.string(),
    active: p.boolean(),
    language: p.enum(USER_LANGUAGES),
    registeredAt: p.datetime(),
  },
});
export class User extends UserSchema.class {}
UserSchema.setClass(User);
