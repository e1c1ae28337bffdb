import type { MasteryCriterion } from '@aba/contracts/api';
import { criterionToForm, formToCriterion, withRole, withStepField } from './criterion-form.js';

// the platform's default (libs/mastery)
const PLATFORM_CRITERION: MasteryCriterion = {
  to_generalization: {
    threshold_pct: 80,
    min_trials: 5,
    consecutive_sessions: 3,
    scoring: 'ALL_TRIALS',
    min_people: 1,
    mode: 'AUTO',
  },
  to_finished: {
    threshold_pct: 80,
    min_trials: 5,
    consecutive_sessions: 2,
    scoring: 'ALL_TRIALS',
    min_people: 2,
    mode: 'AUTO',
  },
  counted_roles: ['THERAPIST', 'COORDINATOR'],
};

describe('criterion form', () => {
  const form = criterionToForm(PLATFORM_CRITERION);

  it('shows a criterion as text fields and gives the same criterion back', () => {
    expect(form.to_generalization).toEqual({
      threshold_pct: '80',
      min_trials: '5',
      consecutive_sessions: '3',
      min_people: '1',
      scoring: 'ALL_TRIALS',
      mode: 'AUTO',
    });
    expect(form.counted_roles).toEqual(['THERAPIST', 'COORDINATOR']);
    expect(formToCriterion(form)).toEqual({ ok: true, criterion: PLATFORM_CRITERION });
  });

  it('ignores where the criterion comes from and keeps the roles in the platform order', () => {
    const fromServer = {
      ...PLATFORM_CRITERION,
      counted_roles: ['COORDINATOR', 'PARENT'],
      source: 'SUB_PLAN',
    };
    expect(criterionToForm(fromServer as MasteryCriterion).counted_roles).toEqual(['PARENT', 'COORDINATOR']);
  });

  it('changes one field of one step, leaving the other step as it was', () => {
    const changed = withStepField(
      withStepField(form, 'to_finished', 'min_trials', '2'),
      'to_finished',
      'mode',
      'CONFIRM',
    );
    const result = formToCriterion(changed);
    expect(result.ok && result.criterion.to_finished).toEqual({
      ...PLATFORM_CRITERION.to_finished,
      min_trials: 2,
      mode: 'CONFIRM',
    });
    expect(result.ok && result.criterion.to_generalization).toEqual(PLATFORM_CRITERION.to_generalization);
  });

  it('counts parents or not with one switch, never listing a role twice', () => {
    const withParents = withRole(withRole(form, 'PARENT', true), 'PARENT', true);
    expect(withParents.counted_roles).toEqual(['PARENT', 'THERAPIST', 'COORDINATOR']);
    expect(withRole(withParents, 'PARENT', false).counted_roles).toEqual(['THERAPIST', 'COORDINATOR']);
  });

  it.each([
    ['', 'mastery.thresholdInvalid'],
    ['0', 'mastery.thresholdInvalid'],
    ['101', 'mastery.thresholdInvalid'],
    ['80.5', 'mastery.thresholdInvalid'],
    ['abc', 'mastery.thresholdInvalid'],
    ['1e2', 'mastery.thresholdInvalid'],
  ])('names the threshold %j as wrong, under its own field', (typed, key) => {
    expect(formToCriterion(withStepField(form, 'to_generalization', 'threshold_pct', typed))).toEqual({
      ok: false,
      errors: { 'to_generalization.threshold_pct': key },
    });
  });

  it('names every wrong field of both steps with its own message, and the roles when none counts', () => {
    let wrong = withStepField(form, 'to_generalization', 'min_trials', '0');
    wrong = withStepField(wrong, 'to_generalization', 'consecutive_sessions', '21');
    wrong = withStepField(wrong, 'to_finished', 'min_people', '6');
    wrong = withRole(withRole(wrong, 'THERAPIST', false), 'COORDINATOR', false);
    expect(formToCriterion(wrong)).toEqual({
      ok: false,
      errors: {
        'to_generalization.min_trials': 'mastery.minTrialsInvalid',
        'to_generalization.consecutive_sessions': 'mastery.consecutiveSessionsInvalid',
        'to_finished.min_people': 'mastery.minPeopleInvalid',
        counted_roles: 'mastery.countedRolesEmpty',
      },
    });
  });

  it('accepts the bounds and blanks around a number', () => {
    let edge = withStepField(form, 'to_generalization', 'threshold_pct', ' 100 ');
    edge = withStepField(edge, 'to_generalization', 'min_trials', '1');
    edge = withStepField(edge, 'to_finished', 'consecutive_sessions', '20');
    edge = withStepField(edge, 'to_finished', 'min_people', '5');
    const result = formToCriterion(edge);
    expect(result.ok).toBe(true);
    expect(result.ok && result.criterion.to_generalization.threshold_pct).toBe(100);
  });
});
