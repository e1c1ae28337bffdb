import { defineEntity, p } from '@mikro-orm/core';

/** A logged-in browser. `id` is the sha256 of the cookie value; the cookie value itself is never stored. */
export const SessionSchema = defineEntity({
  name: 'Session',
  tableName: 'session',
  properties: {
    id: p.string().primary(),
    userId: p.uuid(),
    createdAt: p.datetime(),
    lastSeenAt: p.datetime(),
    /** Slides forward with use, never past `createdAt` + the absolute lifetime. */
    expiresAt: p.datetime(),
  },
});
export class Session extends SessionSchema.class {}
SessionSchema.setClass(Session);
