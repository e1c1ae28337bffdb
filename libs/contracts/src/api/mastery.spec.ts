import {
  CRITERION_SOURCES,
  dataRoleSchema,
  EXPLANATION_CODES,
  MasteryMessages,
  masteryCriterionRequestSchema,
  masteryCriterionSchema,
  POINT_REASONS,
  sessionSettingSchema,
  stepRuleSchema,
  type MasteryCriterion,
  type StepRule,
} from './mastery.js';

const rule: StepRule = {
  threshold_pct: 80,
  min_trials: 5,
  consecutive_sessions: 3,
  scoring: 'ALL_TRIALS',
  min_people: 1,
  mode: 'AUTO',
};
const criterion: MasteryCriterion = {
  to_generalization: rule,
  to_finished: { ...rule, consecutive_sessions: 2, min_people: 2 },
  counted_roles: ['THERAPIST', 'COORDINATOR'],
};

/** The issues of a failed parse as `path: message`. */
function problems(result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) {
  expect(result.success).toBe(false);
  return result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('mastery contracts', () => {
  it('lists the settings, roles, sources, reasons and codes', () => {
    expect(sessionSettingSchema.options).toEqual(['CLINIC', 'HOME', 'SCHOOL', 'ONLINE', 'OTHER']);
    expect(dataRoleSchema.options).toEqual(['PARENT', 'THERAPIST', 'COORDINATOR']);
    expect(CRITERION_SOURCES).toEqual(['ITEM', 'SUB_PLAN', 'CHILD', 'PLATFORM']);
    expect(POINT_REASONS).toHaveLength(5);
    expect(EXPLANATION_CODES).toHaveLength(9);
    expect(sessionSettingSchema.safeParse('GARDEN').error?.issues[0].message).toBe(
      'The setting must be one of: CLINIC, HOME, SCHOOL, ONLINE, OTHER',
    );
    expect(dataRoleSchema.safeParse('ADMIN').error?.issues[0].message).toBe(MasteryMessages.roleInvalid);
  });

  it('accepts a valid step rule and criterion', () => {
    expect(stepRuleSchema.parse(rule)).toEqual(rule);
    expect(
      stepRuleSchema.parse({
        ...rule,
        threshold_pct: 1,
        min_trials: 100,
        consecutive_sessions: 20,
        min_people: 5,
      }),
    ).toBeTruthy();
    expect(stepRuleSchema.parse({ ...rule, scoring: 'FIRST_TRIAL', mode: 'CONFIRM' })).toBeTruthy();
    expect(masteryCriterionSchema.parse(criterion)).toEqual(criterion);
    expect(masteryCriterionSchema.parse({ ...criterion, counted_roles: ['PARENT'] }).counted_roles).toEqual([
      'PARENT',
    ]);
  });

  const INVALID: Array<[keyof StepRule, unknown[], string]> = [
    ['threshold_pct', [0, 101, 79.5, '80', null], 'Threshold must be a whole number from 1 to 100'],
    ['min_trials', [0, 101, 2.5, '5'], 'Minimum trials per session must be a whole number from 1 to 100'],
    [
      'consecutive_sessions',
      [0, 21, 1.5, undefined],
      'Consecutive sessions must be a whole number from 1 to 20',
    ],
    ['min_people', [0, 6, 1.1, true], 'Minimum people must be a whole number from 1 to 5'],
    ['scoring', ['SOME_TRIALS', '', undefined], 'Scoring must be one of: ALL_TRIALS, FIRST_TRIAL'],
    ['mode', ['MANUAL', 'auto', 3], 'The mode must be one of: AUTO, CONFIRM'],
  ];
  it.each(INVALID)('names a wrong %s with its message', (field, values, message) => {
    for (const value of values) {
      expect(problems(stepRuleSchema.safeParse({ ...rule, [field]: value }))).toEqual([
        `${field}: ${message}`,
      ]);
      expect(
        problems(
          masteryCriterionRequestSchema.safeParse({ ...criterion, to_finished: { ...rule, [field]: value } }),
        ),
      ).toEqual([`to_finished.${field}: ${message}`]);
    }
  });

  it('needs both steps and at least one counted role, each once', () => {
    const { to_finished: _dropped, ...oneStep } = criterion;
    expect(problems(masteryCriterionSchema.safeParse(oneStep))).toEqual([
      `to_finished: ${MasteryMessages.stepRuleRequired}`,
    ]);
    expect(problems(masteryCriterionSchema.safeParse({ ...criterion, counted_roles: [] }))).toEqual([
      'counted_roles: At least one role must count',
    ]);
    expect(problems(masteryCriterionSchema.safeParse({ ...criterion, counted_roles: 'THERAPIST' }))).toEqual([
      `counted_roles: ${MasteryMessages.countedRolesEmpty}`,
    ]);
    expect(
      problems(masteryCriterionSchema.safeParse({ ...criterion, counted_roles: ['PARENT', 'PARENT'] })),
    ).toEqual(['counted_roles: Each role may be listed only once']);
    expect(problems(masteryCriterionSchema.safeParse({ ...criterion, counted_roles: ['ADMIN'] }))).toEqual([
      `counted_roles.0: ${MasteryMessages.roleInvalid}`,
    ]);
  });

  it('reads a request as { inherit: true } or a whole criterion, naming what is wrong', () => {
    expect(masteryCriterionRequestSchema.parse({ inherit: true })).toEqual({ inherit: true });
    expect(masteryCriterionRequestSchema.parse(criterion)).toEqual(criterion);
    expect(problems(masteryCriterionRequestSchema.safeParse({ inherit: false }))).toEqual([
      `inherit: ${MasteryMessages.inheritInvalid}`,
    ]);
    expect(problems(masteryCriterionRequestSchema.safeParse({ ...criterion, inherit: 'yes' }))).toEqual([
      `inherit: ${MasteryMessages.inheritInvalid}`,
    ]);
    expect(problems(masteryCriterionRequestSchema.safeParse(null))).toEqual([
      `: ${MasteryMessages.criterionRequired}`,
    ]);
    expect(problems(masteryCriterionRequestSchema.safeParse({ ...criterion, counted_roles: [] }))).toEqual([
      `counted_roles: ${MasteryMessages.countedRolesEmpty}`,
    ]);
  });
});
