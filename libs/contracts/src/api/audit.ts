import { z } from 'zod';

/**
 * The audit trail of a child's data (issue 17, ADR 0047): every change to the child's record, plans, items and their
 * statuses, trials corrected or deleted, behaviours, team, licences, consent and exports, with who made it, when,
 * and the changed fields before and after. Append-only: therapy can add entries, never change or remove them.
 */
export const AUDIT_KINDS = [
  'CHILD_CREATED',
  'CHILD_DELETED',
  'CHILD_RESTORED',
  'CONSENT_GIVEN',
  'CONSENT_WITHDRAWN',
  'HELPER_ADDED',
  'HELPER_REMOVED',
  'LICENCE_ADDED',
  'LICENCE_REMOVED',
  'PLAN_CREATED',
  'PLAN_UPDATED',
  'PLAN_DELETED',
  'PLAN_STATUS_CHANGED',
  'SUB_PLAN_CREATED',
  'SUB_PLAN_UPDATED',
  'SUB_PLAN_DELETED',
  'SUB_PLAN_STATUS_CHANGED',
  'PLAN_SUB_PLAN_ADDED',
  'PLAN_SUB_PLAN_REMOVED',
  'ITEM_CREATED',
  'ITEM_DELETED',
  'ITEM_STATUS_CHANGED',
  'SUGGESTION_REJECTED',
  'CRITERION_SET',
  'CRITERION_REMOVED',
  'EVALUATION_CORRECTED',
  'EVALUATION_DELETED',
  'BEHAVIOR_CREATED',
  'BEHAVIOR_DELETED',
  'CAPTURE_ATTACHED',
  'CAPTURE_DISCARDED',
  'DATA_EXPORTED',
  'DATA_SETS_EXPORTED',
  'REPORT_GENERATED',
  'REPORT_SETTINGS_CHANGED',
  'OWNERSHIP_OFFERED',
  'OWNERSHIP_OFFER_WITHDRAWN',
  'OWNERSHIP_DECLINED',
  'OWNERSHIP_TRANSFERRED',
] as const;
export const auditKindSchema = z.enum(AUDIT_KINDS);
export type AuditKind = z.infer<typeof auditKindSchema>;

/**
 * The fields an entry's `before` and `after` can name: a child's, a plan's or item's, a trial's, a helper's, a
 * consent's, a criterion's (the whole rule as `criterion`), a capture's. The screens translate each one.
 */
export const AUDIT_FIELDS = [
  'first_name',
  'last_name',
  'date_of_birth',
  'time_zone',
  'name',
  'description',
  'status',
  'mode',
  'reason',
  'result',
  'captured_at',
  'access_type',
  'email',
  'version',
  'criterion',
  'plan_id',
  'sub_plan_id',
  'item_id',
  'behavior_id',
  'capture_kind',
  'owner_id',
  'format',
  'report',
  'period_from',
  'period_to',
  'clinic_name',
  'logo',
  'section_order',
] as const;
export type AuditField = (typeof AUDIT_FIELDS)[number];

/** Entries per page of `GET /api/child/{id}/audit`. */
export const AUDIT_PAGE_SIZE = 25;

export const AuditMessages = {
  queryInvalid: 'The filter is not valid: choose a page, a person and a kind from the lists',
} as const;

/** GET /api/child/{id}/audit?page=&kind=&user_id=: newest first; `page` starts at 1. */
export const auditQuerySchema = z.object({
  page: z.coerce
    .number({ error: AuditMessages.queryInvalid })
    .int({ error: AuditMessages.queryInvalid })
    .min(1, { error: AuditMessages.queryInvalid })
    .max(1_000_000, { error: AuditMessages.queryInvalid })
    .default(1),
  kind: z.enum(AUDIT_KINDS, { error: AuditMessages.queryInvalid }).optional(),
  user_id: z.uuid({ error: AuditMessages.queryInvalid }).optional(),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;

/** The changed fields of an entry, by name: the value before (absent for what was created) and after. */
const auditValuesSchema = z.partialRecord(z.enum(AUDIT_FIELDS), z.unknown()).nullable();

/** A person of the trail: their name, or null for a user whose account no longer exists ("former user"). */
export const auditPersonSchema = z.object({ id: z.uuid(), name: z.string().nullable() });
export type AuditPerson = z.infer<typeof auditPersonSchema>;

export const auditEntrySchema = z.object({
  id: z.uuid(),
  at: z.iso.datetime(),
  kind: auditKindSchema,
  /** Who made the change; null for the platform itself (a mastery rule's automatic change, a licence from billing). */
  actor: auditPersonSchema.nullable(),
  /** The changed record (a plan, an item, a trial, a helper…); null for the child's own record. */
  entity_id: z.uuid().nullable(),
  before: auditValuesSchema,
  after: auditValuesSchema,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditResponseSchema = z.object({
  entries: z.array(auditEntrySchema),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  page_size: z.number().int().min(1),
  /** Everyone who made an entry of the child's trail, for the person filter. */
  people: z.array(auditPersonSchema),
});
export type AuditResponse = z.infer<typeof auditResponseSchema>;
