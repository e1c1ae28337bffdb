import { z } from 'zod';
import { ErrorMessages } from './error.js';
import { storable } from './text.js';
import { statusChangeReasonSchema } from './mastery.js';
import { recordedCaptureFieldsSchema } from './sessions.js';

/**
 * Plans, sub-plans, items and evaluations (spec §3, §4, §5, §7 "Plans and sub-plans", "Items and evaluations").
 * Served by services/therapy. A plan groups sub-plans (many-to-many, within one child); a sub-plan owns its items;
 * an item is evaluated YES or NO.
 */

/** Plan and sub-plan status (spec §3, §4); lists show ACTIVE, then INACTIVE, then COMPLETED. */
export const PLAN_STATUSES = ['ACTIVE', 'INACTIVE', 'COMPLETED'] as const;
export const planStatusSchema = z.enum(PLAN_STATUSES);
export type PlanStatus = z.infer<typeof planStatusSchema>;

/** Item status (spec §3, §4). */
export const ITEM_STATUSES = ['IN_LEARNING', 'IN_GENERALIZATION', 'FINISHED'] as const;
export const itemStatusSchema = z.enum(ITEM_STATUSES);
export type ItemStatus = z.infer<typeof itemStatusSchema>;

export const EVALUATION_RESULTS = ['YES', 'NO'] as const;
export const evaluationResultSchema = z.enum(EVALUATION_RESULTS);
export type EvaluationResult = z.infer<typeof evaluationResultSchema>;

/** Business limits (spec §9) and field lengths. */
export const PlanLimits = {
  /** Evaluations per item in the plan's detailed view ("Last evaluations" column). */
  lastEvaluationsInPlan: 5,
  /** Evaluations per item on the sub-plan detail page. */
  lastEvaluationsInSubPlan: 100,
  /** GET /api/sub-plan-item/{id}/evaluations: default and largest `limit`. */
  evaluationHistoryDefault: 20,
  evaluationHistoryMax: 100,
  /** Descriptions in the lists are cut to this many characters, then "…". */
  listDescriptionLength: 20,
  /** The evaluate flow ends at the last item or when the index reaches this (spec §4, §9). */
  evaluateFlowEndIndex: 6,
  nameMax: 100,
  descriptionMax: 2000,
  itemDescriptionMax: 500,
} as const;

/** Messages of these calls, returned verbatim; the front end translates them by this exact text. */
export const PlanMessages = {
  requiredFields: ErrorMessages.requiredFields,
  nameTooLong: `The name must be at most ${PlanLimits.nameMax} characters`,
  descriptionTooLong: `The description must be at most ${PlanLimits.descriptionMax} characters`,
  itemDescriptionRequired: 'Please enter a description for the item',
  itemDescriptionTooLong: `The item description must be at most ${PlanLimits.itemDescriptionMax} characters`,
  planStatusInvalid: `Status must be one of: ${PLAN_STATUSES.join(', ')}`,
  itemStatusInvalid: `Status must be one of: ${ITEM_STATUSES.join(', ')}`,
  resultInvalid: `The result must be one of: ${EVALUATION_RESULTS.join(', ')}`,
  limitInvalid: `limit must be a whole number from 1 to ${PlanLimits.evaluationHistoryMax}`,
  dateRangeInvalid: 'from and to must be dates (YYYY-MM-DD), from not after to',
  planNotFound: 'Plan does not exist',
  subPlanNotFound: 'Sub-plan does not exist',
  itemNotFound: 'Item does not exist',
  evaluationNotFound: 'Evaluation does not exist',
  subPlanAlreadyAttached: 'This sub-plan is already part of the plan',
  subPlanNotAttached: 'This sub-plan is not part of the plan',
  notYourEvaluation: 'You may only delete your own evaluations',
  notYourEvaluationToChange: 'You may only change your own evaluations',
  sinceInvalid: 'since must be a date and time with its offset, e.g. 2026-11-24T00:00:00+02:00',
  planCreated: 'Plan created',
  planUpdated: 'Plan updated',
  planDeleted: 'Plan deleted',
  subPlanCreated: 'Sub-plan created',
  subPlanUpdated: 'Sub-plan updated',
  subPlanDeleted: 'Sub-plan deleted',
  subPlanAttached: 'Sub-plan added to the plan',
  subPlanDetached: 'Sub-plan removed from the plan',
  itemDeleted: 'Item deleted',
  evaluationDeleted: 'Evaluation deleted',
} as const;

/** A plan or a sub-plan as every call answers it. */
export const planSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  status: planStatusSchema,
  child_id: z.uuid(),
  /** ISO timestamp */
  created_at: z.string(),
});
export type Plan = z.infer<typeof planSchema>;
export type SubPlan = Plan;

export const evaluationSchema = z.object({
  id: z.uuid(),
  result: evaluationResultSchema,
  /** ISO timestamp of the evaluation. */
  date: z.string(),
  user_id: z.uuid(),
  /** Empty when the author is no longer known. */
  user_first_name: z.string(),
  user_last_name: z.string(),
  item_id: z.uuid(),
  /** The plan it was made in (through the plan path), else null. */
  plan_id: z.uuid().nullable(),
});
export type Evaluation = z.infer<typeof evaluationSchema>;

export const planItemSchema = z.object({
  id: z.uuid(),
  description: z.string(),
  status: itemStatusSchema,
  sub_plan_id: z.uuid(),
  created_at: z.string(),
});
export type PlanItem = z.infer<typeof planItemSchema>;

/**
 * An item with its latest evaluations, newest first. Asked with `?since=` (the plan's detailed view), it also says how
 * many evaluations the item has from that instant on (e.g. the viewer's midnight: today's trials, however many).
 */
export const evaluatedItemSchema = planItemSchema.extend({
  evaluations: z.array(evaluationSchema),
  evaluations_since: z.number().int().nonnegative().optional(),
});
export type EvaluatedItem = z.infer<typeof evaluatedItemSchema>;

// ---- requests --------------------------------------------------------------------------------------------

/** `?status=` of the lists: absent = all. */
export const planListQuerySchema = z.object({
  status: z.enum(PLAN_STATUSES, { error: PlanMessages.planStatusInvalid }).optional(),
});
/** `?status=` of set-status: required. */
export const planStatusQuerySchema = z.object({
  status: z.enum(PLAN_STATUSES, { error: PlanMessages.planStatusInvalid }),
});
export const itemStatusQuerySchema = z.object({
  status: z.enum(ITEM_STATUSES, { error: PlanMessages.itemStatusInvalid }),
  /** Why the status is changed by hand (beyond the spec, issue 15): kept in the item's status history. */
  reason: statusChangeReasonSchema.optional(),
});
/**
 * `?items_status=` of the plan's detailed view: absent = every item. `?since=` (beyond the spec, issue 13): an instant
 * with its offset; each item then carries `evaluations_since`, its evaluations from that instant on.
 */
export const detailedViewQuerySchema = z.object({
  items_status: z.enum(ITEM_STATUSES, { error: PlanMessages.itemStatusInvalid }).optional(),
  since: z.iso.datetime({ offset: true, error: PlanMessages.sinceInvalid }).optional(),
});

/**
 * POST /api/child/{id}/plan/create and /sub-plan/create: `{ name, description }` creates; with `id` it edits
 * that plan (spec §7: "the same path is used for edit"). Raw shape; the rules are in `planFormProblem`.
 */
export const planFormRequestSchema = z.object({
  name: storable(z.string({ error: 'name: expected a string' })).default(''),
  description: storable(z.string({ error: 'description: expected a string' })).default(''),
  id: z.uuid({ error: 'id: expected a plan id' }).optional(),
});
export type PlanFormRequest = z.input<typeof planFormRequestSchema>;

/** The first rule a plan form breaks (spec §5: name and description required), as its message; null when fine. */
export function planFormProblem(form: { name: string; description: string }): string | null {
  const name = form.name.trim();
  const description = form.description.trim();
  if (name === '' || description === '') return PlanMessages.requiredFields;
  if (name.length > PlanLimits.nameMax) return PlanMessages.nameTooLong;
  if (description.length > PlanLimits.descriptionMax) return PlanMessages.descriptionTooLong;
  return null;
}

/**
 * POST /api/sub-plan-item/create: the item `{ description, sub_plan_id }`, sent as the body itself or, as the spec's
 * "body item with description and sub_plan_id" also reads, wrapped: `{ item: { description, sub_plan_id } }`.
 */
export const createItemRequestSchema = z.preprocess(
  (body) => {
    if (typeof body !== 'object' || body === null) return body;
    const { item, description, sub_plan_id } = body as Record<string, unknown>;
    const wrapped = typeof item === 'object' && item !== null && !Array.isArray(item);
    return wrapped && description === undefined && sub_plan_id === undefined ? item : body;
  },
  z.object({
    description: storable(z.string({ error: 'description: expected a string' })).default(''),
    sub_plan_id: z.uuid({ error: 'sub_plan_id: expected a sub-plan id' }),
  }),
);
export type CreateItemRequest = z.infer<typeof createItemRequestSchema>;

/** Spec §5: a new item is sent only if its description is non-empty. */
export function itemDescriptionProblem(description: string): string | null {
  const trimmed = description.trim();
  if (trimmed === '') return PlanMessages.itemDescriptionRequired;
  if (trimmed.length > PlanLimits.itemDescriptionMax) return PlanMessages.itemDescriptionTooLong;
  return null;
}

/** POST …/evaluation/create: `{ result: 'YES' | 'NO' }`. */
const evaluationResultRequestSchema = z.object({
  result: z.enum(EVALUATION_RESULTS, { error: PlanMessages.resultInvalid }),
});

/** A trial: `{ result, session_id?, captured_at? }` (the session and capture time: issue 15). */
export const createEvaluationRequestSchema = evaluationResultRequestSchema.extend(
  recordedCaptureFieldsSchema.shape,
);
export type CreateEvaluationRequest = z.infer<typeof createEvaluationRequestSchema>;

/**
 * POST /api/item-evaluation/{id}/set-result (beyond the spec, issue 13): `{ result: 'YES' | 'NO' }` corrects the
 * evaluation's result in place (the spec's redo), keeping its date and author → 200 `{ evaluation }`.
 */
export const setEvaluationResultRequestSchema = evaluationResultRequestSchema;
export type SetEvaluationResultRequest = z.infer<typeof setEvaluationResultRequestSchema>;

/** POST /api/child/{id}/plan/{planId}/add-sub-plan */
export const addSubPlanRequestSchema = z.object({
  sub_plan_id: z.uuid({ error: 'sub_plan_id: expected a sub-plan id' }),
});

/** GET /api/sub-plan-item/{id}/evaluations?limit= (default 20, 1 to 100). */
export const evaluationHistoryQuerySchema = z.object({
  limit: z
    .string({ error: PlanMessages.limitInvalid })
    .regex(/^\d{1,3}$/, { error: PlanMessages.limitInvalid })
    .transform(Number)
    .refine((n) => n >= 1 && n <= PlanLimits.evaluationHistoryMax, { error: PlanMessages.limitInvalid })
    .optional(),
});

/** GET /api/child/{id}/evaluations?from=&to= (inclusive calendar days, UTC; both optional). */
export const childEvaluationsQuerySchema = z.object({
  from: z.iso.date({ error: PlanMessages.dateRangeInvalid }).optional(),
  to: z.iso.date({ error: PlanMessages.dateRangeInvalid }).optional(),
});

// ---- responses -------------------------------------------------------------------------------------------

/** GET /api/child/{id}/plan/list, /sub-plan/list, /api/sub-plan/list?child_id= */
export const planListResponseSchema = z.object({ plans: z.array(planSchema) });
/** GET /api/child/{id}/plan/{planId}: the plan and the items of its sub-plans. */
export const planResponseSchema = z.object({ plan: planSchema, plan_items: z.array(planItemSchema) });
/** GET /api/child/{id}/sub-plan/{planId} */
export const subPlanResponseSchema = z.object({ plan: planSchema });
/** POST …/create (create or edit): the message and the plan's id. */
export const planSavedResponseSchema = z.object({ message: z.string(), id: z.uuid() });
/** POST /api/plan/{id}/set-status, /api/sub-plan/{id}/set-status */
export const planStatusResponseSchema = z.object({ plan: planSchema });
/** GET /api/child/{id}/plan/{planId}/detailed-view?items_status= */
export const planDetailedViewResponseSchema = z.object({
  plan: planSchema,
  sub_plans: z.array(planSchema.extend({ items: z.array(evaluatedItemSchema) })),
});
export type PlanDetailedView = z.infer<typeof planDetailedViewResponseSchema>;
export type DetailedSubPlan = PlanDetailedView['sub_plans'][number];
/** GET /api/child/{id}/sub-plan/{planId}/detailed-view */
export const subPlanDetailedViewResponseSchema = z.object({
  sub_plan: planSchema,
  items: z.array(evaluatedItemSchema),
});
export type SubPlanDetailedView = z.infer<typeof subPlanDetailedViewResponseSchema>;
/** POST /api/sub-plan-item/create, /api/sub-plan-item/{id}/set-status */
export const itemResponseSchema = z.object({ item: planItemSchema });
/**
 * What the mastery rule did once the trial was saved (issue 15): moved the item on (`AUTO`) or proposed it for
 * confirmation (`CONFIRM`); null when it did neither.
 */
export const masteryOutcomeSchema = z
  .object({ from: itemStatusSchema, to: itemStatusSchema, mode: z.enum(['AUTO', 'CONFIRM']) })
  .nullable();
export type MasteryOutcome = z.infer<typeof masteryOutcomeSchema>;
/** POST …/evaluation/create, POST /api/item-evaluation/{id}/set-result */
export const evaluationResponseSchema = z.object({ evaluation: evaluationSchema, mastery: masteryOutcomeSchema });
export type EvaluationResponse = z.infer<typeof evaluationResponseSchema>;
/** GET /api/sub-plan-item/{id}/evaluations */
export const evaluationListResponseSchema = z.object({ evaluations: z.array(evaluationSchema) });
/** GET /api/child/{id}/evaluations: what the dashboard chart needs. */
export const childEvaluationsResponseSchema = z.object({
  evaluations: z.array(z.object({ date: z.string(), result: evaluationResultSchema })),
});
export type ChildEvaluationPoint = z.infer<typeof childEvaluationsResponseSchema>['evaluations'][number];

// ---- ordering --------------------------------------------------------------------------------------------

const STATUS_RANK: Readonly<Record<PlanStatus, number>> = { ACTIVE: 0, INACTIVE: 1, COMPLETED: 2 };
const byName = new Intl.Collator('ro', { sensitivity: 'base', numeric: true });

/** Spec §4: ACTIVE, INACTIVE, COMPLETED; then by name (locale-aware, case-insensitive); then id. */
export function comparePlans(
  a: Pick<Plan, 'status' | 'name' | 'id'>,
  b: Pick<Plan, 'status' | 'name' | 'id'>,
): number {
  return (
    (STATUS_RANK[a.status] ?? 3) - (STATUS_RANK[b.status] ?? 3) ||
    byName.compare(a.name, b.name) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}
