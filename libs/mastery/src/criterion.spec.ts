import { masteryCriterionSchema, type MasteryCriterion } from '@aba/contracts/api';
import { nextStatus, PLATFORM_CRITERION, resolveCriterion, ruleFor } from './criterion.js';

const custom = (threshold_pct: number): MasteryCriterion => ({
  ...PLATFORM_CRITERION,
  to_generalization: { ...PLATFORM_CRITERION.to_generalization, threshold_pct },
});

describe('the mastery criterion', () => {
  it("has the platform's defaults, valid by the API schema", () => {
    expect(PLATFORM_CRITERION).toEqual({
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
    });
    expect(masteryCriterionSchema.parse(PLATFORM_CRITERION)).toEqual(PLATFORM_CRITERION);
    expect(Object.isFrozen(PLATFORM_CRITERION.to_finished)).toBe(true);
  });

  it('resolves item, then sub-plan, then child, then platform, saying where from', () => {
    const [item, subPlan, child] = [custom(70), custom(75), custom(90)];
    expect(resolveCriterion({ item, sub_plan: subPlan, child })).toEqual({ criterion: item, source: 'ITEM' });
    expect(resolveCriterion({ item: null, sub_plan: subPlan, child })).toEqual({
      criterion: subPlan,
      source: 'SUB_PLAN',
    });
    expect(resolveCriterion({ sub_plan: null, child })).toEqual({ criterion: child, source: 'CHILD' });
    expect(resolveCriterion({ item: null, sub_plan: null, child: null })).toEqual({
      criterion: PLATFORM_CRITERION,
      source: 'PLATFORM',
    });
    expect(resolveCriterion({}).source).toBe('PLATFORM');
  });

  it('gives the rule that moves an item on, and where to', () => {
    expect(ruleFor('IN_LEARNING', PLATFORM_CRITERION)).toBe(PLATFORM_CRITERION.to_generalization);
    expect(ruleFor('IN_GENERALIZATION', PLATFORM_CRITERION)).toBe(PLATFORM_CRITERION.to_finished);
    expect(ruleFor('FINISHED', PLATFORM_CRITERION)).toBeNull();
    expect(nextStatus('IN_LEARNING')).toBe('IN_GENERALIZATION');
    expect(nextStatus('IN_GENERALIZATION')).toBe('FINISHED');
    expect(nextStatus('FINISHED')).toBeNull();
  });
});
