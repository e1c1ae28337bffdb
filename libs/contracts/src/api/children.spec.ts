import { childFormProblem, ChildMessages, isCalendarDate, mayOnChild } from './children.js';

describe('child access rule', () => {
  it('follows the matrix of ARCHITECTURE.md', () => {
    expect(['read', 'evaluate', 'edit', 'manageHelpers', 'delete'].map((a) => mayOnChild('OWNER', a as never))).toEqual([true, true, true, true, true]);
    expect(['read', 'evaluate', 'edit', 'manageHelpers', 'delete'].map((a) => mayOnChild('ADMIN', a as never))).toEqual([true, true, true, true, false]);
    expect(['read', 'evaluate', 'edit', 'manageHelpers', 'delete'].map((a) => mayOnChild('THERAPIST', a as never))).toEqual([true, true, false, false, false]);
    expect(mayOnChild(null, 'read')).toBe(false);
  });
});

describe('child form', () => {
  const today = '2026-11-22';
  it('needs every field', () => {
    expect(childFormProblem({ first_name: 'Ana', last_name: ' ', date_of_birth: '2020-01-01' }, today)).toBe(ChildMessages.requiredFields);
  });
  it('refuses impossible and future dates', () => {
    expect(childFormProblem({ first_name: 'Ana', last_name: 'Pop', date_of_birth: '2020-02-30' }, today)).toBe(ChildMessages.dateOfBirthInvalid);
    expect(childFormProblem({ first_name: 'Ana', last_name: 'Pop', date_of_birth: '2026-11-23' }, today)).toBe(ChildMessages.dateOfBirthInFuture);
    expect(childFormProblem({ first_name: 'Ana', last_name: 'Pop', date_of_birth: '2026-11-22' }, today)).toBeNull();
  });
  it('knows calendar dates', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('22/11/2020')).toBe(false);
  });
});
