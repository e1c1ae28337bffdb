import { z } from 'zod';
import { userRoleSchema } from '../events/payloads.js';

export { userRoleSchema };
export type UserRole = z.infer<typeof userRoleSchema>;

/** The identity a gateway vouches for in the internal token. `userId` is null for an anonymous caller. */
export const internalIdentitySchema = z.object({
  userId: z.uuid().nullable(),
  role: userRoleSchema.nullable(),
});
export type InternalIdentity = z.infer<typeof internalIdentitySchema>;

export const sessionUserSchema = z.object({
  id: z.uuid(),
  email: z.email(),
  first_name: z.string(),
  last_name: z.string(),
  role: userRoleSchema,
});
export type SessionUser = z.infer<typeof sessionUserSchema>;
