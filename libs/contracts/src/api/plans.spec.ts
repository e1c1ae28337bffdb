import {
  comparePlans,
  createEvaluationRequestSchema,
  detailedViewQuerySchema,
  evaluationHistoryQuerySchema,
  itemDescriptionProblem,
  PlanLimits,
  PlanMessages,
  planFormProblem,
  planStatusQuerySchema,
  setEvaluationResultRequestSchema,
  type PlanStatus,
} from './plans.js';

const plan = (id: string, name: string, status: PlanStatus) => ({ id, name, status });

describe('plans contracts', () => {
  it('orders ACTIVE, INACTIVE, COMPLETED, then by name ignoring case', () => {
    const sorted = [
      plan('1', 'Zeta', 'COMPLETED'),
      plan('2', 'beta', 'INACTIVE'),
      plan('3', 'Alpha', 'INACTIVE'),
      plan('4', 'Ștefan', 'ACTIVE'),
      plan('5', 'ana', 'ACTIVE'),
    ].sort(comparePlans);
    expect(sorted.map((p) => p.id)).toEqual(['5', '4', '3', '2', '1']);
  });

  it('needs a name and a description (trimmed) of limited length', () => {
    expect(planFormProblem({ name: ' ', description: 'x' })).toBe(PlanMessages.requiredFields);
    expect(planFormProblem({ name: 'x', description: '  ' })).toBe(PlanMessages.requiredFields);
    expect(planFormProblem({ name: 'x'.repeat(PlanLimits.nameMax + 1), description: 'd' })).toBe(PlanMessages.nameTooLong);
    expect(planFormProblem({ name: ' Plan ', description: ' d ' })).toBeNull();
  });

  it('needs a non-empty item description', () => {
    expect(itemDescriptionProblem('   ')).toBe(PlanMessages.itemDescriptionRequired);
    expect(itemDescriptionProblem('Points to red')).toBeNull();
  });

  it('accepts only the known statuses and results, naming the allowed ones', () => {
    expect(planStatusQuerySchema.safeParse({ status: 'ACTIVE' }).success).toBe(true);
    const bad = planStatusQuerySchema.safeParse({ status: 'DONE' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].message).toBe('Status must be one of: ACTIVE, INACTIVE, COMPLETED');
    expect(createEvaluationRequestSchema.safeParse({ result: 'MAYBE' }).error?.issues[0].message).toBe(
      'The result must be one of: YES, NO',
    );
  });

  it('reads the history limit: 1 to 100, absent = default', () => {
    expect(evaluationHistoryQuerySchema.parse({})).toEqual({});
    expect(evaluationHistoryQuerySchema.parse({ limit: '100' })).toEqual({ limit: 100 });
    for (const limit of ['0', '101', '-1', '1.5', 'x', '']) {
      expect(evaluationHistoryQuerySchema.safeParse({ limit }).success).toBe(false);
    }
  });

  it("reads the detailed view's since as an instant with its offset", () => {
    expect(detailedViewQuerySchema.parse({ since: '2026-11-23T22:00:00.000Z' })).toEqual({
      since: '2026-11-23T22:00:00.000Z',
    });
    expect(detailedViewQuerySchema.parse({ since: '2026-11-24T00:00:00+02:00' }).since).toBe('2026-11-24T00:00:00+02:00');
    for (const since of ['2026-11-24', 'yesterday', '2026-11-24T00:00:00', '']) {
      expect(detailedViewQuerySchema.safeParse({ since }).error?.issues[0].message).toBe(PlanMessages.sinceInvalid);
    }
  });

  it('corrects a result to YES or NO only', () => {
    expect(setEvaluationResultRequestSchema.parse({ result: 'NO' })).toEqual({ result: 'NO' });
    expect(setEvaluationResultRequestSchema.safeParse({}).error?.issues[0].message).toBe(PlanMessages.resultInvalid);
  });
});
