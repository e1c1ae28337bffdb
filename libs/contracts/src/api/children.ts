import { z } from 'zod';
import { accessTypeSchema } from '../events/payloads.js';
import { childConsentSchema } from './consent.js';
import { ownershipOfferSchema } from './ownership.js';
import { ErrorMessages } from './error.js';
import { text } from './text.js';

export { accessTypeSchema };
export type AccessType = z.infer<typeof accessTypeSchema>;

/** How a user stands to a child: its owner (who created it), a coordinator (helper ADMIN) or a therapist. */
export const childRelationSchema = z.enum(['OWNER', 'ADMIN', 'THERAPIST']);
export type ChildRelation = z.infer<typeof childRelationSchema>;

export type ChildAction = 'read' | 'evaluate' | 'edit' | 'manageHelpers' | 'delete';

/**
 * The child access rule of ARCHITECTURE.md, in one place: therapy enforces it on every child-scoped call and the
 * front ends use it to hide controls a user may not use. Anyone without a relation (platform ADMIN included)
 * has no access at all.
 */
export const CHILD_PERMISSIONS: Readonly<Record<ChildRelation, Readonly<Record<ChildAction, boolean>>>> = {
  OWNER: { read: true, evaluate: true, edit: true, manageHelpers: true, delete: true },
  ADMIN: { read: true, evaluate: true, edit: true, manageHelpers: true, delete: false },
  THERAPIST: { read: true, evaluate: true, edit: false, manageHelpers: false, delete: false },
};

export function mayOnChild(relation: ChildRelation | null | undefined, action: ChildAction): boolean {
  return relation ? CHILD_PERMISSIONS[relation][action] : false;
}

export const ChildMessages = {
  childNotFound: ErrorMessages.childNotFound,
  noChildAccess: ErrorMessages.noChildAccess,
  requiredFields: ErrorMessages.requiredFields,
  actionNotAllowed: 'Your role for this child does not allow this',
  dateOfBirthInFuture: 'The date of birth cannot be in the future',
  dateOfBirthInvalid: 'Please enter a valid date of birth',
  invalidEmail: 'Please enter a valid e-mail address',
  helperExists: 'This person is already on the team of this child',
  tooManyHelperAdditions: 'Too many people were added to teams today. Please try again tomorrow.',
  helperIsSelf: 'You are already on the team of this child',
  helperIsOwner: 'This person is the owner of this child',
  helperNotFound: 'This helper does not exist',
  childDeleted: 'The child was deleted',
  childRestored: 'The child was restored',
  childNotDeleted: 'This child is not deleted',
  helperRemoved: 'The helper was removed',
  timeZoneInvalid: 'Please choose a valid time zone',
} as const;

/** The time zone of a child who has none set: its local days are Bucharest's (issue 15). */
export const DEFAULT_CHILD_TIME_ZONE = 'Europe/Bucharest';

/** True when `Intl` knows the time zone (an IANA name such as `Europe/Bucharest`, or `UTC`). */
export function isTimeZone(value: string): boolean {
  if (value.trim() === '') return false;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date `YYYY-MM-DD` that exists. */
export function isCalendarDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** POST /api/child/create. Raw shape; the rules and their messages are in `childFormProblem`. */
export const createChildRequestSchema = z.object({
  first_name: text(100).default(''),
  last_name: text(100).default(''),
  date_of_birth: text(10).default(''),
  /** IANA time zone whose calendar days group the child's data; `DEFAULT_CHILD_TIME_ZONE` when absent (issue 15). */
  time_zone: text(64).optional(),
  /** The version of the consent text the owner agreed to in the form (issue 17); without it the child asks later. */
  consent_version: text(20).optional(),
});
export type CreateChildRequest = z.input<typeof createChildRequestSchema>;

/** The first rule a child form breaks, as its message; null when acceptable. `today` is `YYYY-MM-DD`. */
export function childFormProblem(
  body: z.infer<typeof createChildRequestSchema>,
  today: string,
): string | null {
  if ([body.first_name, body.last_name, body.date_of_birth].some((value) => value.trim() === '')) {
    return ChildMessages.requiredFields;
  }
  if (!isCalendarDate(body.date_of_birth) || body.date_of_birth < '1900-01-01')
    return ChildMessages.dateOfBirthInvalid;
  if (body.date_of_birth > today) return ChildMessages.dateOfBirthInFuture;
  if (body.time_zone !== undefined && !isTimeZone(body.time_zone.trim()))
    return ChildMessages.timeZoneInvalid;
  return null;
}

export const createChildResponseSchema = z.object({ child_id: z.uuid() });

export const childSchema = z.object({
  id: z.uuid(),
  first_name: z.string(),
  last_name: z.string(),
  /** `YYYY-MM-DD` */
  date_of_birth: z.string(),
  /** IANA time zone whose calendar days group the child's data (issue 15). */
  time_zone: z.string(),
  /** The caller's relation to the child. */
  relation: childRelationSchema,
});
export type Child = z.infer<typeof childSchema>;

/** GET /api/child/list: every child the caller owns or helps. */
export const childListResponseSchema = z.object({ children: z.array(childSchema) });
/**
 * GET /api/child/{id}: the child, and how many captures of it wait on its "To check" page (issue 16, ADR 0044): every
 * one for the owner and coordinators, their own for a therapist.
 */
export const childDetailSchema = childSchema.extend({
  waiting_captures: z.number().int().nonnegative(),
  /** The owner's consent to the child's data (issue 17): null until given. */
  consent: childConsentSchema.nullable(),
  /** A hand-over of the child waiting for its coordinator (issue 17): null when none. */
  ownership_offer: ownershipOfferSchema.nullable(),
});
export type ChildDetail = z.infer<typeof childDetailSchema>;
export const childResponseSchema = z.object({ child: childDetailSchema });

/**
 * How long a deleted child can be restored by its owner (`POST /api/child/{id}/restore`) before it is erased for
 * good, with everything that belonged to it (ADR 0021).
 */
export const CHILD_RESTORE_DAYS = 30;

/** A child its owner deleted and can still restore. */
export const deletedChildSchema = childSchema.omit({ relation: true }).extend({
  /** When the owner deleted it (ISO timestamp). */
  deleted_at: z.string(),
  /** When it will be erased for good unless restored: `CHILD_RESTORE_DAYS` after `deleted_at` (ISO timestamp). */
  erase_at: z.string(),
});
export type DeletedChild = z.infer<typeof deletedChildSchema>;
/** GET /api/child/deleted: the caller's deleted children that can still be restored, most recently deleted first. */
export const deletedChildrenResponseSchema = z.object({ children: z.array(deletedChildSchema) });

export const helperStatusSchema = z.enum(['ACTIVE', 'PENDING']);
export const helperSchema = z.object({
  id: z.uuid(),
  /** Empty while the invited person has not registered yet (PENDING). */
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  access_type: accessTypeSchema,
  status: helperStatusSchema,
  /** The person's account, once they have one (ACTIVE): whom a hand-over of the child is offered to (issue 17). */
  user_id: z.uuid().nullable(),
});
export type Helper = z.infer<typeof helperSchema>;

/** GET /api/child/{id}/helpers?access_type=ADMIN|THERAPIST */
export const helpersQuerySchema = z.object({ access_type: accessTypeSchema });
export const helpersResponseSchema = z.object({ helpers: z.array(helperSchema) });

/** POST /api/child/{id}/helper/add?access_type=  body { email, access_type } (the body's access_type wins when both are given). */
export const addHelperRequestSchema = z.object({
  email: text(320).default(''),
  access_type: accessTypeSchema.optional(),
});
export const addHelperResponseSchema = z.object({ helper: helperSchema });
