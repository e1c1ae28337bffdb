import { defineEntity, p } from '@mikro-orm/core';

export const LOGIN_FAILURE_SCOPES = ['account', 'ip'] as const;
export type LoginFailureScope = (typeof LOGIN_FAILURE_SCOPES)[number];

/**
 * One failed login, counted per account (normalised e-mail, whether or not it exists) and per client IP.
 * Kept in Postgres so that every replica sees the same counts.
 */
export const LoginFailureSchema = defineEntity({
  name: 'LoginFailure',
  tableName: 'login_failure',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    scope: p.enum(LOGIN_FAILURE_SCOPES),
    key: p.string(),
    failedAt: p.datetime(),
  },
});
export class LoginFailure extends LoginFailureSchema.class {}
LoginFailureSchema.setClass(LoginFailure);
