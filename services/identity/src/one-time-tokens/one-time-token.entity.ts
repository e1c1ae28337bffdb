import { defineEntity, p } from '@mikro-orm/core';

export const TOKEN_KINDS = ['activation', 'reset', 'invite', 'email-change'] as const;
export type TokenKind = (typeof TOKEN_KINDS)[number];

/**
 * A single-use link: only the sha256 of the secret is stored (`id`). Activation and reset tokens belong to a user, an
 * e-mail change's too, with the address asked for (`email`); an invite belongs to an e-mail without an account yet,
 * with the child and access type it was sent for.
 */
export const OneTimeTokenSchema = defineEntity({
  name: 'OneTimeToken',
  tableName: 'one_time_token',
  properties: {
    id: p.string().primary(),
    kind: p.enum(TOKEN_KINDS),
    userId: p.uuid().nullable(),
    email: p.string().nullable(),
    childId: p.uuid().nullable(),
    accessType: p.string().nullable(),
    invitedBy: p.uuid().nullable(),
    createdAt: p.datetime(),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
  },
});
export class OneTimeToken extends OneTimeTokenSchema.class {}
OneTimeTokenSchema.setClass(OneTimeToken);
