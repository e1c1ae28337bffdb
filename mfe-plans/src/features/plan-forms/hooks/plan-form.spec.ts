import { PlanMessages } from '@aba/contracts/api';
import { checkPlanForm } from './plan-form.js';

describe('the plan form (spec §5)', () => {
  it('needs a name and a description', () => {
    expect(checkPlanForm({ name: '', description: '' })).toEqual({
      problem: PlanMessages.requiredFields,
      invalid: { name: true, description: true },
    });
    expect(checkPlanForm({ name: 'Speech', description: '   ' })).toEqual({
      problem: PlanMessages.requiredFields,
      invalid: { name: false, description: true },
    });
  });
  it('limits the lengths', () => {
    expect(checkPlanForm({ name: 'x'.repeat(101), description: 'd' })).toEqual({
      problem: PlanMessages.nameTooLong,
      invalid: { name: true, description: false },
    });
  });
  it('accepts a filled form', () => {
    expect(checkPlanForm({ name: ' Speech ', description: 'Words' }).problem).toBeNull();
  });
});
