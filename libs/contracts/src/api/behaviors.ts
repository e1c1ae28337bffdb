import { z } from 'zod';
import { ErrorMessages } from './error.js';
import { unstorableTextProblem } from './text.js';

/**
 * Behaviours, their tracking (one entry per occurrence, charted per day), the ABC log (antecedent, behaviour,
 * consequence) and the selectable antecedent / consequence lists. Served by services/therapy; the paths and field
 * names are the spec's (section 7, "Behaviours").
 */

/** Limits shared by the form and the server. */
export const BEHAVIOR_NAME_MAX = 100;
export const BEHAVIOR_DESCRIPTION_MAX = 500;
/** An antecedent or consequence, chosen from the list or typed as "Other". */
export const ABC_TEXT_MAX = 200;
/** The most tracking entries GET /api/behavior/{id} returns (the newest). */
export const BEHAVIOR_TRACKING_LIMIT = 10_000;
/**
 * An ABC entry is an occurrence (ADR 0019): it completes the latest occurrence of the behaviour its author logged
 * within this many minutes that has no ABC entry yet, else it is counted as a new occurrence.
 */
export const ABC_OCCURRENCE_WINDOW_MINUTES = 5;

/** The two selectable lists: GET /api/list/{kind}. */
export const selectableListKindSchema = z.enum(['antecedent', 'consequence']);
export type SelectableListKind = z.infer<typeof selectableListKindSchema>;
export const SELECTABLE_LIST_KINDS = selectableListKindSchema.options;

/** Messages of the behaviour calls, returned verbatim; the front end translates them by this exact text. */
export const BehaviorMessages = {
  childNotFound: ErrorMessages.childNotFound,
  noChildAccess: ErrorMessages.noChildAccess,
  behaviorNotFound: 'Behavior does not exist',
  nameRequired: 'Please enter a behavior name',
  nameTooLong: `The behavior name must be at most ${BEHAVIOR_NAME_MAX} characters`,
  descriptionTooLong: `The description must be at most ${BEHAVIOR_DESCRIPTION_MAX} characters`,
  nameTaken: 'This child already has a behavior with this name',
  abcIncomplete: 'Please select antecedent and consequence',
  abcTooLong: `Antecedent and consequence must be at most ${ABC_TEXT_MAX} characters`,
  behaviorIdInvalid: 'behavior_id must be a behavior id',
  listKindUnknown: `The list must be one of: ${SELECTABLE_LIST_KINDS.join(', ')}`,
  sinceInvalid: 'since: expected an ISO 8601 date and time',
  behaviorDeleted: 'The behavior was deleted',
  behaviorLogged: 'The behavior was logged',
  abcLogged: 'The ABC entry was saved',
} as const;

export const behaviorSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** Empty when none was given. */
  description: z.string(),
  child_id: z.uuid(),
});
export type Behavior = z.infer<typeof behaviorSchema>;

/** One occurrence of a behaviour. `date_logged` is an ISO 8601 timestamp (UTC). */
export const behaviorTrackingSchema = z.object({
  id: z.uuid(),
  behavior_id: z.uuid(),
  date_logged: z.string(),
});
export type BehaviorTracking = z.infer<typeof behaviorTrackingSchema>;

/**
 * An ABC log entry. `antecedent` and `consequence` are texts: a list item in the reader's language, or what was
 * typed as "Other". `created_at` is an ISO 8601 timestamp (UTC).
 */
export const abcEntrySchema = z.object({
  id: z.uuid(),
  behavior_id: z.uuid(),
  antecedent: z.string(),
  consequence: z.string(),
  created_at: z.string(),
});
export type AbcEntry = z.infer<typeof abcEntrySchema>;

/**
 * A behaviour in the child's list. With `?since=<ISO timestamp>` (e.g. the start of the viewer's day) each one also
 * carries `occurrences_since`: how many occurrences were logged from then on.
 */
export const behaviorListItemSchema = behaviorSchema.extend({ occurrences_since: z.number().int().min(0).optional() });
export type BehaviorListItem = z.infer<typeof behaviorListItemSchema>;

/** GET /api/child/{id}/behavior/list[?since=], by name. */
export const behaviorListResponseSchema = z.object({ behaviors: z.array(behaviorListItemSchema) });
export type BehaviorListResponse = z.infer<typeof behaviorListResponseSchema>;

/** The query of GET /api/child/{id}/behavior/list: `since` absent, or an ISO 8601 timestamp (with its offset). */
export const behaviorListQuerySchema = z.object({
  since: z.iso.datetime({ offset: true, error: BehaviorMessages.sinceInvalid }).optional(),
});

/** Trims; a blank text is "not given" (the rules and their messages are applied by `behaviorFormProblem`). */
const trimmed = z.string().transform((value) => value.trim());

/** POST /api/child/{id}/behavior/create `{ name, description? }` → 201 `{ behavior }`. */
export interface CreateBehaviorRequest {
  name: string;
  description?: string;
}

/** The name and description a create body stands for, or the message of the first rule it breaks. */
export function parseBehaviorForm(
  body: unknown,
): { name: string; description: string } | { problem: string } {
  const record = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const unstorable = unstorableTextProblem({ name: record.name, description: record.description });
  if (unstorable) return { problem: unstorable };
  const name = trimmed.safeParse(record.name ?? '');
  if (!name.success) return { problem: BehaviorMessages.nameRequired };
  if (name.data === '') return { problem: BehaviorMessages.nameRequired };
  if (name.data.length > BEHAVIOR_NAME_MAX) return { problem: BehaviorMessages.nameTooLong };
  const description = trimmed.safeParse(record.description ?? '');
  if (!description.success) return { problem: BehaviorMessages.descriptionTooLong };
  if (description.data.length > BEHAVIOR_DESCRIPTION_MAX) return { problem: BehaviorMessages.descriptionTooLong };
  return { name: name.data, description: description.data };
}

export const createBehaviorResponseSchema = z.object({ behavior: behaviorSchema });
export type CreateBehaviorResponse = z.infer<typeof createBehaviorResponseSchema>;

/** GET /api/behavior/{id}: the behaviour and its tracking entries, oldest first. */
export const behaviorDetailResponseSchema = z.object({
  behavior: behaviorSchema,
  behavior_tracking: z.array(behaviorTrackingSchema),
});
export type BehaviorDetailResponse = z.infer<typeof behaviorDetailResponseSchema>;

/** POST /api/behavior/{id}/log (no body) → 201. */
export const logBehaviorResponseSchema = z.object({ message: z.string(), entry: behaviorTrackingSchema });
export type LogBehaviorResponse = z.infer<typeof logBehaviorResponseSchema>;

/** POST /api/child/{id}/behavior/{behaviorId}/delete → 200: the behaviour, its tracking and ABC entries are gone. */
export const deleteBehaviorResponseSchema = z.object({ message: z.string() });

/** POST /api/child/{childId}/behavior-abc/log `{ behavior_id, antecedent, consequence }`. */
export interface LogAbcRequest {
  behavior_id: string;
  antecedent: string;
  consequence: string;
}

/** The entry a log body stands for (texts trimmed), or the message of the first rule it breaks. */
export function parseAbcForm(body: unknown): LogAbcRequest | { problem: string } {
  const record = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const unstorable = unstorableTextProblem({ antecedent: record.antecedent, consequence: record.consequence });
  if (unstorable) return { problem: unstorable };
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const antecedent = text(record.antecedent);
  const consequence = text(record.consequence);
  if (antecedent === '' || consequence === '') return { problem: BehaviorMessages.abcIncomplete };
  if (antecedent.length > ABC_TEXT_MAX || consequence.length > ABC_TEXT_MAX) return { problem: BehaviorMessages.abcTooLong };
  const behaviorId = z.uuid().safeParse(record.behavior_id);
  if (!behaviorId.success) return { problem: BehaviorMessages.behaviorIdInvalid };
  return { behavior_id: behaviorId.data, antecedent, consequence };
}

/**
 * → 201. `occurrence` is the tracking entry the ABC entry counts as: the author's latest occurrence of the behaviour
 * logged within `ABC_OCCURRENCE_WINDOW_MINUTES` without an ABC entry (`attached: true`), else a new one logged at
 * the entry's time (`attached: false`). Either way the entry's `created_at` is the occurrence's `date_logged`.
 */
export const logAbcResponseSchema = z.object({
  message: z.string(),
  entry: abcEntrySchema,
  occurrence: behaviorTrackingSchema,
  attached: z.boolean(),
});
export type LogAbcResponse = z.infer<typeof logAbcResponseSchema>;

/** GET /api/child/{id}/behavior-abc/{behaviorId}/list: newest first. */
export const abcListResponseSchema = z.object({ abc: z.array(abcEntrySchema) });
export type AbcListResponse = z.infer<typeof abcListResponseSchema>;

/** GET /api/list/{antecedent|consequence}: the texts in the caller's language (`Accept-Language`, `ro` by default). */
export const selectableListResponseSchema = z.object({ list: z.array(z.string()) });
export type SelectableListResponse = z.infer<typeof selectableListResponseSchema>;
