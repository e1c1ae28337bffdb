import { z } from 'zod';
import type { EvaluationResult, ItemStatus } from './plans.js';

/**
 * Mastery (issue 15): when an item moves on from IN_LEARNING to IN_GENERALIZATION and from there to FINISHED. A
 * criterion says how good, how many and how varied the sessions must be; `@aba/mastery` computes each item's progress
 * (points, streak, explanation, decision, trend) from its trials, the same way in the services and the front ends.
 * These are the API shapes; the rules live in `@aba/mastery`.
 */

/** Where a session took place. */
export const SESSION_SETTINGS = ['CLINIC', 'HOME', 'SCHOOL', 'ONLINE', 'OTHER'] as const;
/** The roles that enter trials (an ADMIN never does). */
export const DATA_ROLES = ['PARENT', 'THERAPIST', 'COORDINATOR'] as const;
/** ALL_TRIALS: YES ÷ trials of the session; FIRST_TRIAL: only the session's first trial of the item counts. */
export const SCORINGS = ['ALL_TRIALS', 'FIRST_TRIAL'] as const;
/** AUTO applies the change; CONFIRM proposes it to a coordinator. */
export const DECISION_MODES = ['AUTO', 'CONFIRM'] as const;
/** Where the criterion in effect for an item comes from (the first level that has one). */
export const CRITERION_SOURCES = ['ITEM', 'SUB_PLAN', 'CHILD', 'PLATFORM'] as const;
/** How a status change came about: applied by the rule, confirmed by a coordinator, or set by hand. */
export const PHASE_CHANGE_MODES = ['AUTO', 'CONFIRMED', 'MANUAL'] as const;
/** Why a session's point counts or does not. */
export const POINT_REASONS = [
  'MET',
  'BELOW_THRESHOLD',
  'TOO_FEW_TRIALS',
  'FIRST_TRIAL_NO',
  'ROLE_NOT_COUNTED',
] as const;
/** What the explanation of an item's current phase says. */
export const EXPLANATION_CODES = [
  'MET',
  'BELOW_THRESHOLD',
  'TOO_FEW_TRIALS',
  'FIRST_TRIAL_NO',
  'NEEDS_OTHER_PERSON',
  'PENDING_CONFIRMATION',
  'OVERRIDDEN',
  'STREAK_BUILDING',
  'NO_DATA',
] as const;

/** The bounds of a step rule's numbers (inclusive). */
export const MasteryLimits = {
  thresholdPct: { min: 1, max: 100 },
  minTrials: { min: 1, max: 100 },
  consecutiveSessions: { min: 1, max: 20 },
  minPeople: { min: 1, max: 5 },
} as const;

const wholeNumber = (what: string, { min, max }: { min: number; max: number }) =>
  `${what} must be a whole number from ${min} to ${max}`;

/** Messages of the mastery calls, returned verbatim; the front end translates them by this exact text. */
export const MasteryMessages = {
  settingInvalid: `The setting must be one of: ${SESSION_SETTINGS.join(', ')}`,
  roleInvalid: `The role must be one of: ${DATA_ROLES.join(', ')}`,
  scoringInvalid: `Scoring must be one of: ${SCORINGS.join(', ')}`,
  modeInvalid: `The mode must be one of: ${DECISION_MODES.join(', ')}`,
  thresholdInvalid: wholeNumber('Threshold', MasteryLimits.thresholdPct),
  minTrialsInvalid: wholeNumber('Minimum trials per session', MasteryLimits.minTrials),
  consecutiveSessionsInvalid: wholeNumber('Consecutive sessions', MasteryLimits.consecutiveSessions),
  minPeopleInvalid: wholeNumber('Minimum people', MasteryLimits.minPeople),
  stepRuleRequired: 'Both steps are required: to_generalization and to_finished',
  criterionRequired: 'Send a criterion (to_generalization, to_finished, counted_roles) or { inherit: true }',
  countedRolesEmpty: 'At least one role must count',
  countedRolesDuplicate: 'Each role may be listed only once',
  inheritInvalid:
    'inherit must be true (it removes the override); to set a criterion, send it without inherit',
} as const;

export const sessionSettingSchema = z.enum(SESSION_SETTINGS, { error: MasteryMessages.settingInvalid });
export type SessionSetting = z.infer<typeof sessionSettingSchema>;
export const dataRoleSchema = z.enum(DATA_ROLES, { error: MasteryMessages.roleInvalid });
export type DataRole = z.infer<typeof dataRoleSchema>;
export const scoringSchema = z.enum(SCORINGS, { error: MasteryMessages.scoringInvalid });
export type Scoring = z.infer<typeof scoringSchema>;
export const decisionModeSchema = z.enum(DECISION_MODES, { error: MasteryMessages.modeInvalid });
export type DecisionMode = z.infer<typeof decisionModeSchema>;
export type CriterionSource = (typeof CRITERION_SOURCES)[number];
export type PhaseChangeMode = (typeof PHASE_CHANGE_MODES)[number];
export type PointReason = (typeof POINT_REASONS)[number];
export type ExplanationCode = (typeof EXPLANATION_CODES)[number];

/** A whole number within `bounds`, refused with one message whatever is wrong with it. */
const boundedInt = (bounds: { min: number; max: number }, message: string) =>
  z
    .number({ error: message })
    .int({ error: message })
    .min(bounds.min, { error: message })
    .max(bounds.max, { error: message });

/** What moves an item on from one status to the next. */
export const stepRuleSchema = z.object(
  {
    /** A session qualifies at YES ÷ trials ≥ this, in percent. */
    threshold_pct: boundedInt(MasteryLimits.thresholdPct, MasteryMessages.thresholdInvalid),
    /** A session with fewer trials of the item does not count (nor break the streak); ignored by FIRST_TRIAL. */
    min_trials: boundedInt(MasteryLimits.minTrials, MasteryMessages.minTrialsInvalid),
    /** Qualifying sessions in a row. */
    consecutive_sessions: boundedInt(
      MasteryLimits.consecutiveSessions,
      MasteryMessages.consecutiveSessionsInvalid,
    ),
    scoring: scoringSchema,
    /** Distinct people who ran the sessions of the streak. */
    min_people: boundedInt(MasteryLimits.minPeople, MasteryMessages.minPeopleInvalid),
    mode: decisionModeSchema,
  },
  { error: MasteryMessages.stepRuleRequired },
);
export type StepRule = z.infer<typeof stepRuleSchema>;

/** The criterion of an item: one rule per step and whose data counts. */
export const masteryCriterionSchema = z.object(
  {
    to_generalization: stepRuleSchema,
    to_finished: stepRuleSchema,
    counted_roles: z
      .array(dataRoleSchema, { error: MasteryMessages.countedRolesEmpty })
      .min(1, { error: MasteryMessages.countedRolesEmpty })
      .refine((roles) => new Set(roles).size === roles.length, {
        error: MasteryMessages.countedRolesDuplicate,
      }),
  },
  { error: MasteryMessages.criterionRequired },
);
export type MasteryCriterion = z.infer<typeof masteryCriterionSchema>;

/** `{ inherit: true }`: the level's override is removed and the next level's criterion applies. */
export const inheritCriterionSchema = z.object({
  inherit: z.literal(true, { error: MasteryMessages.inheritInvalid }),
});
export type InheritCriterion = z.infer<typeof inheritCriterionSchema>;
export type MasteryCriterionRequest = InheritCriterion | MasteryCriterion;

/**
 * Setting the criterion of an item, a sub-plan or a child: `{ inherit: true }` removes that level's override, a whole
 * criterion sets it. A body with `inherit` is read as the former (so a wrong `inherit` is named as such), any other as
 * a criterion (so each wrong field is named with its own message and path, never a bare "Invalid input").
 */
export const masteryCriterionRequestSchema = z.unknown().transform((body, ctx): MasteryCriterionRequest => {
  const inheriting = typeof body === 'object' && body !== null && 'inherit' in body;
  const parsed = (inheriting ? inheritCriterionSchema : masteryCriterionSchema).safeParse(body);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) {
    ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path, input: body });
  }
  return z.NEVER;
});

// ---- progress (computed by @aba/mastery) ---------------------------------------------------------------------

/** One session's score of an item within one phase. */
export interface ProgressPoint {
  session_id: string;
  /** Local day (YYYY-MM-DD, the child's time zone) of the session's first trial of the item in that phase. */
  date: string;
  /** ISO instant of that first trial. */
  started_at: string;
  user_id: string;
  /** Display name of who ran the session, e.g. "Ana P.". */
  person: string;
  role: DataRole;
  /** The item status in effect when the trials were captured. */
  phase: ItemStatus;
  yes: number;
  trials: number;
  /** 0..100, rounded to 1 decimal. */
  pct: number;
  /** True when the point meets its phase's rule (reason MET). */
  qualifying: boolean;
  reason: PointReason;
}

/** One entry of an item's status history, oldest first. */
export interface PhaseChange {
  status: ItemStatus;
  /** ISO instant the status took effect. */
  from: string;
  mode: PhaseChangeMode;
  /** Display name of who set or confirmed it; null for AUTO. */
  actor: string | null;
  reason: string | null;
}

/**
 * The trials of one session of an item within one phase, counted: all a progress point is computed from (a trial
 * belongs to the phase in effect when it was captured).
 */
export interface SessionTally {
  session_id: string;
  /** ISO capture times of its first and last trial. */
  first_at: string;
  last_at: string;
  /** The result of its first trial (first-trial scoring). */
  first_result: EvaluationResult;
  yes: number;
  trials: number;
}

/** A session the trials belong to, as the mastery rule reads it; `role` is the user's role at the time. */
export interface SessionInput {
  id: string;
  user_id: string;
  /** Display name, e.g. "Ana P.". */
  person: string;
  role: DataRole;
}

export interface Explanation {
  code: ExplanationCode;
  /** Qualifying sessions in a row in the current phase. */
  streak: number;
  /** Sessions in a row the current rule asks (0 when no rule applies: FINISHED). */
  needed: number;
  /** Distinct people who ran the streak's sessions. */
  people: number;
  /** People the current rule asks (0 when no rule applies). */
  people_needed: number;
  /** One or two sentences in the reader's language. */
  text: string;
}

export interface Trend {
  /** Percentage points per week (least squares over the current phase's counted points). */
  slope_per_week: number;
  /** About how many more sessions until the criterion is met at this pace; null when there is no forecast. */
  sessions_to_criterion: number | null;
  text: string;
}

export interface MasteryDecision {
  from: ItemStatus;
  to: ItemStatus;
  mode: DecisionMode;
  /** The sessions of the streak used, oldest first. */
  session_ids: string[];
  /** ISO capture time of the last trial used. */
  through: string;
}

/** A change made automatically (or confirmed) that the trials now known would not have supported. */
export interface LateData {
  /** When the change took effect. */
  at: string;
  from: ItemStatus;
  to: ItemStatus;
}

/** Everything the item's mastery screen shows. */
export interface Progress {
  points: ProgressPoint[];
  phases: PhaseChange[];
  current: { status: ItemStatus; rule: StepRule | null };
  explanation: Explanation;
  decision: MasteryDecision | null;
  trend: Trend | null;
  late_data: LateData | null;
}

// ---- calls (issue 15) ----------------------------------------------------------------------------------------

/** Why a person changed an item's status by hand (the set-status call's optional `reason`). */
export const STATUS_CHANGE_REASONS = [
  'CLINICAL_JUDGEMENT',
  'GENERALIZED_ELSEWHERE',
  'REGRESSION',
  'DATA_ERROR',
  'LATE_DATA',
  'OTHER',
] as const;
export type StatusChangeReason = (typeof STATUS_CHANGE_REASONS)[number];

/** Why a coordinator rejected a suggestion. */
export const REJECTION_REASONS = ['NOT_READY', 'NEEDS_MORE_DATA', 'DATA_ERROR', 'OTHER'] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];

export const MasteryCallMessages = {
  changeReasonInvalid: `The reason must be one of: ${STATUS_CHANGE_REASONS.join(', ')}`,
  rejectionReasonInvalid: `The reason must be one of: ${REJECTION_REASONS.join(', ')}`,
  suggestionNotFound: 'Suggestion does not exist',
  suggestionOutdated: 'The item changed since this suggestion: it no longer applies',
  suggestionAccepted: 'The change was applied',
  suggestionRejected: 'The suggestion was rejected',
} as const;

/** `POST /api/sub-plan-item/{id}/set-status?status=&reason=`: the spec's call, with why (issue 15). */
export const statusChangeReasonSchema = z.enum(STATUS_CHANGE_REASONS, {
  error: MasteryCallMessages.changeReasonInvalid,
});

/** `POST /api/mastery-suggestion/{id}/reject` `{ reason }`. */
export const rejectSuggestionRequestSchema = z.object({
  reason: z.enum(REJECTION_REASONS, { error: MasteryCallMessages.rejectionReasonInvalid }),
});

/** What a decision was made on: the rule, the sessions of the streak, and the explanation as it read then. */
export interface DecisionEvidence {
  rule: StepRule | null;
  sessions: Pick<ProgressPoint, 'session_id' | 'date' | 'person' | 'yes' | 'trials' | 'pct'>[];
  text: string;
}

/** A change a CONFIRM rule proposes, waiting for the owner or a coordinator. */
export interface MasterySuggestion {
  id: string;
  item_id: string;
  item_description: string;
  from: ItemStatus;
  to: ItemStatus;
  created_at: string;
  evidence: DecisionEvidence;
}

/** `GET /api/sub-plan-item/{id}/progress`. */
export interface ItemProgressResponse {
  item: { id: string; description: string; status: ItemStatus; sub_plan_id: string };
  criterion: MasteryCriterion & { source: CriterionSource };
  points: ProgressPoint[];
  phases: PhaseChange[];
  trend: Trend | null;
  explanation: Explanation;
  late_data: LateData | null;
  pending_suggestion: boolean;
}

/** One item of `GET /api/child/{id}/plan/{planId}/mastery-live`: what its rule reads in the current phase. */
export interface MasteryLiveItem {
  item_id: string;
  /** The criterion in effect for the item. */
  criterion: MasteryCriterion;
  /** The item's whole status history, oldest first (the first phase is IN_LEARNING). */
  phases: PhaseChange[];
  /** The current phase's trials counted per session (earlier phases are left out). */
  tallies: SessionTally[];
  sessions: SessionInput[];
  pending_suggestion: boolean;
  /** When a suggestion of the current phase was last rejected: the streak counts from then on. */
  streak_reset_at: string | null;
}

/**
 * `GET /api/child/{id}/plan/{planId}/mastery-live` → what the plan's scoring screens count while trials are scored
 * ("3/5 trials", "streak 2/3"): the caller's session with the child, the child's time zone, and per item of the
 * plan (not FINISHED) its current phase's facts, which the page adds its new trials to and runs `@aba/mastery` on.
 */
export interface MasteryLiveResponse {
  /**
   * The caller's session with the child: the running one, or (`id` null) the one their next trial opens. `role` is
   * whose data it is (parent data may not count).
   */
  session: Omit<SessionInput, 'id'> & { id: string | null };
  time_zone: string;
  items: MasteryLiveItem[];
}

/** `GET|POST …/mastery-criterion`: the criterion in effect at that level, where it comes from, whether it is its own. */
export interface MasteryCriterionResponse {
  criterion: MasteryCriterion & { source: CriterionSource };
  own: boolean;
}
