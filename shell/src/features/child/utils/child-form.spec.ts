import { ChildMessages } from '@aba/contracts/api';
import { EMPTY_CHILD_FORM, childFormError, createChildRequest, helperEmailProblem, localIsoDate } from './child-form.js';

const today = '2026-11-22';
const filled = { first_name: ' Ana ', last_name: 'Pop ', date_of_birth: '2020-05-17' };

describe('add-child form', () => {
  it('starts empty and refuses to send that', () => {
    expect(EMPTY_CHILD_FORM).toEqual({ first_name: '', last_name: '', date_of_birth: '' });
    expect(childFormError(EMPTY_CHILD_FORM, today)).toBe(ChildMessages.requiredFields);
  });

  it.each(['first_name', 'last_name', 'date_of_birth'] as const)('needs %s', (field) => {
    expect(childFormError({ ...filled, [field]: '   ' }, today)).toBe(ChildMessages.requiredFields);
  });

  it('refuses a date after today, accepts today', () => {
    expect(childFormError({ ...filled, date_of_birth: '2026-11-23' }, today)).toBe(ChildMessages.dateOfBirthInFuture);
    expect(childFormError({ ...filled, date_of_birth: today }, today)).toBeNull();
  });

  it('refuses impossible dates', () => {
    expect(childFormError({ ...filled, date_of_birth: '2021-02-29' }, today)).toBe(ChildMessages.dateOfBirthInvalid);
    expect(childFormError({ ...filled, date_of_birth: '1899-12-31' }, today)).toBe(ChildMessages.dateOfBirthInvalid);
  });

  it('sends trimmed names and the ISO date', () => {
    expect(createChildRequest(filled)).toEqual({ first_name: 'Ana', last_name: 'Pop', date_of_birth: '2020-05-17' });
    expect(childFormError(filled, today)).toBeNull();
  });

  it('today is the local calendar date', () => {
    expect(localIsoDate(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    expect(localIsoDate(new Date(2026, 10, 22, 0, 1))).toBe('2026-11-22');
  });
});

describe('add-helper form', () => {
  it('needs an e-mail', () => {
    expect(helperEmailProblem('')).toBe(ChildMessages.requiredFields);
    expect(helperEmailProblem('  ')).toBe(ChildMessages.requiredFields);
  });

  it.each(['ana', 'ana@', 'ana@example', 'a b@example.com'])('refuses %j', (email) => {
    expect(helperEmailProblem(email)).toBe(ChildMessages.invalidEmail);
  });

  it('lets the server judge a plausible address', () => {
    expect(helperEmailProblem(' ana.pop@example.com ')).toBeNull();
  });
});
