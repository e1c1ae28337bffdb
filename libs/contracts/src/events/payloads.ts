import { z } from 'zod';
import { Subjects } from './subjects.js';

export const userRoleSchema = z.enum(['ADMIN', 'PARENT', 'THERAPIST', 'COORDINATOR']);
export const accessTypeSchema = z.enum(['ADMIN', 'THERAPIST']);

export const userRegisteredV1 = z.object({
  userId: z.uuid(),
  email: z.email(),
  firstName: z.string(),
  lastName: z.string(),
  role: userRoleSchema,
});
export const userUpdatedV1 = userRegisteredV1;
export const userDeletedV1 = z.object({ userId: z.uuid() });
/** Sessions of the user ended (logout, new password): every gateway drops what it remembers of the user's sessions. */
export const sessionRevokedV1 = z.object({ userId: z.uuid() });

export const childV1 = z.object({
  childId: z.uuid(),
  ownerId: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
});

export const childAccessV1 = z.object({
  childId: z.uuid(),
  userId: z.uuid(),
  accessType: accessTypeSchema,
});

export const helperInvitedV1 = z.object({
  email: z.email(),
  childId: z.uuid(),
  accessType: accessTypeSchema,
  invitedBy: z.uuid(),
});

/**
 * v2 of the invitation: also the child's first name, which the invite e-mail names (identity keeps no child names).
 * Never more of the child than that: the e-mail goes to someone who has not joined the team yet.
 */
export const helperInvitedV2 = helperInvitedV1.extend({ childFirstName: z.string() });

/** A pending helper was removed (or its child deleted): the invitation, and its e-mailed link, end. */
export const helperInviteWithdrawnV1 = z.object({
  email: z.email(),
  childId: z.uuid(),
});

export const licenseV1 = z.object({
  childId: z.uuid(),
  childSubscriptionId: z.uuid(),
});

/** The event catalogue: the payload schema of every subject. */
export const EventCatalogue = {
  [Subjects.UserRegisteredV1]: userRegisteredV1,
  [Subjects.UserUpdatedV1]: userUpdatedV1,
  [Subjects.UserDeletedV1]: userDeletedV1,
  [Subjects.SessionRevokedV1]: sessionRevokedV1,
  [Subjects.ChildCreatedV1]: childV1,
  [Subjects.ChildUpdatedV1]: childV1,
  [Subjects.ChildDeletedV1]: childV1,
  /** Its owner restored a deleted child within the retention window (ADR 0021): it comes back without a licence. */
  [Subjects.ChildRestoredV1]: childV1,
  [Subjects.ChildAccessGrantedV1]: childAccessV1,
  [Subjects.ChildAccessRevokedV1]: childAccessV1,
  [Subjects.HelperInvitedV1]: helperInvitedV1,
  [Subjects.HelperInvitedV2]: helperInvitedV2,
  [Subjects.HelperInviteWithdrawnV1]: helperInviteWithdrawnV1,
  [Subjects.LicenseAssignedV1]: licenseV1,
  [Subjects.LicenseRevokedV1]: licenseV1,
} as const;

export type EventCatalogueMap = typeof EventCatalogue;
export type EventPayload<S extends keyof EventCatalogueMap> = z.infer<EventCatalogueMap[S]>;
