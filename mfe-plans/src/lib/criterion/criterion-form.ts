import {
  DATA_ROLES,
  MasteryMessages,
  masteryCriterionSchema,
  type DataRole,
  type DecisionMode,
  type MasteryCriterion,
  type Scoring,
  type StepRule,
} from '@aba/contracts/api';

/** The two steps of a criterion, in the order an item takes them. */
export const STEPS = ['to_generalization', 'to_finished'] as const;
export type Step = (typeof STEPS)[number];

/** The numbers of a step rule, in the order the form shows them. */
export const NUMBER_FIELDS = ['threshold_pct', 'min_trials', 'consecutive_sessions', 'min_people'] as const;
export type NumberField = (typeof NUMBER_FIELDS)[number];

/** A step as typed: numbers stay text, so what the user typed (even "", "2.5" or "abc") is kept until it is valid. */
export type StepForm = Record<NumberField, string> & { scoring: Scoring; mode: DecisionMode };

export interface CriterionForm {
  to_generalization: StepForm;
  to_finished: StepForm;
  counted_roles: DataRole[];
}

/** A form field's name: `to_generalization.threshold_pct`, …, or `counted_roles`. */
export type CriterionField = `${Step}.${NumberField | 'scoring' | 'mode'}` | 'counted_roles';

/** Per field, the key of its message in `plans:serverErrors` (the server's own messages, translated). */
export type CriterionFormErrors = Partial<Record<CriterionField, string>>;

export type CriterionFormResult =
  { ok: true; criterion: MasteryCriterion } | { ok: false; errors: CriterionFormErrors };

const stepForm = (rule: StepRule): StepForm => ({
  threshold_pct: String(rule.threshold_pct),
  min_trials: String(rule.min_trials),
  consecutive_sessions: String(rule.consecutive_sessions),
  min_people: String(rule.min_people),
  scoring: rule.scoring,
  mode: rule.mode,
});

export function criterionToForm(criterion: MasteryCriterion): CriterionForm {
  return {
    to_generalization: stepForm(criterion.to_generalization),
    to_finished: stepForm(criterion.to_finished),
    // in the platform's order, whatever order the server keeps them in
    counted_roles: DATA_ROLES.filter((role) => criterion.counted_roles.includes(role)),
  };
}

/** "" and anything not a plain decimal is not a number (`Number("")` would be 0, `Number(" 5 ")` 5). */
const parseNumber = (text: string): number =>
  /^\s*-?\d+(\.\d+)?\s*$/.test(text) ? Number(text) : Number.NaN;

const stepRule = (step: StepForm) => ({
  threshold_pct: parseNumber(step.threshold_pct),
  min_trials: parseNumber(step.min_trials),
  consecutive_sessions: parseNumber(step.consecutive_sessions),
  min_people: parseNumber(step.min_people),
  scoring: step.scoring,
  mode: step.mode,
});

const KEY_BY_MESSAGE = new Map<string, string>(
  Object.entries(MasteryMessages).map(([key, message]) => [message, `mastery.${key}`]),
);

/**
 * The criterion the form describes, checked by the same schema as the server's; or, per field, the key of the
 * message to show under it (the first problem of each field).
 */
export function formToCriterion(form: CriterionForm): CriterionFormResult {
  const parsed = masteryCriterionSchema.safeParse({
    to_generalization: stepRule(form.to_generalization),
    to_finished: stepRule(form.to_finished),
    counted_roles: form.counted_roles,
  });
  if (parsed.success) return { ok: true, criterion: parsed.data };
  const errors: CriterionFormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = (
      issue.path[0] === 'counted_roles' ? 'counted_roles' : issue.path.join('.')
    ) as CriterionField;
    errors[field] ??= KEY_BY_MESSAGE.get(issue.message) ?? 'mastery.criterionRequired';
  }
  return { ok: false, errors };
}

/** The form with one field of a step changed. */
export function withStepField<K extends keyof StepForm>(
  form: CriterionForm,
  step: Step,
  field: K,
  value: StepForm[K],
): CriterionForm {
  return { ...form, [step]: { ...form[step], [field]: value } };
}

/** The form with a role's data counted or not (kept in the platform's order). */
export function withRole(form: CriterionForm, role: DataRole, counted: boolean): CriterionForm {
  const roles = new Set(form.counted_roles);
  if (counted) roles.add(role);
  else roles.delete(role);
  return { ...form, counted_roles: DATA_ROLES.filter((candidate) => roles.has(candidate)) };
}
