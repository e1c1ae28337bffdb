import {
  accountUpdateProblem,
  changePasswordProblem,
  changeEmailProblem,
  accountUpdateProblems,
  IdentityMessages,
  registrationProblem,
  registrationProblems,
  registrationRoleForAccess,
  type registerRequestSchema,
} from './identity.js';
import type { z } from 'zod';

const filled: z.infer<typeof registerRequestSchema> = {
  first_name: 'Ana',
  last_name: 'Pop',
  email: 'ana@example.com',
  phone: '0712345678',
  password: 'parola12345',
  confirmedPassword: 'parola12345',
  role: 'PARENT',
  token: null,
};

describe('registration rules', () => {
  it('finds nothing wrong with a complete form', () => {
    expect(registrationProblems(filled)).toEqual({});
    expect(registrationProblem(filled)).toBeNull();
  });

  it('names every field that breaks a rule at once', () => {
    const problems = registrationProblems({
      ...filled,
      first_name: ' ',
      phone: '',
      email: 'ana@',
      password: 'scurta1',
      confirmedPassword: 'scurta2',
      role: 'ADMIN',
    });
    expect(problems).toEqual({
      first_name: IdentityMessages.requiredFields,
      phone: IdentityMessages.requiredFields,
      email: IdentityMessages.invalidEmail,
      password: IdentityMessages.weakPassword,
      confirmedPassword: IdentityMessages.passwordsDontMatch,
      role: IdentityMessages.invalidRole,
    });
  });

  it('answers the first message in the order the server always has (required, match, e-mail, role, strength)', () => {
    const weakAndDifferent = { ...filled, password: 'scurta1', confirmedPassword: 'scurta2' };
    expect(registrationProblem(weakAndDifferent)).toBe(IdentityMessages.passwordsDontMatch);
    expect(registrationProblem({ ...weakAndDifferent, last_name: '' })).toBe(IdentityMessages.requiredFields);
    expect(registrationProblem({ ...filled, email: 'x', role: 'ROOT' })).toBe(IdentityMessages.invalidEmail);
    expect(registrationProblem({ ...filled, role: 'ROOT', password: 'a', confirmedPassword: 'a' })).toBe(
      IdentityMessages.invalidRole,
    );
    expect(registrationProblem({ ...filled, password: 'onlyletters', confirmedPassword: 'onlyletters' })).toBe(
      IdentityMessages.weakPassword,
    );
  });

  it('leaves the e-mail to an invite', () => {
    expect(registrationProblems({ ...filled, email: '' }, { emailFromInvite: true })).toEqual({});
  });

  it('registers an invited coordinator (access ADMIN) as COORDINATOR and a therapist as THERAPIST', () => {
    expect(registrationRoleForAccess('ADMIN')).toBe('COORDINATOR');
    expect(registrationRoleForAccess('THERAPIST')).toBe('THERAPIST');
  });
});

describe('account update rules (issue 17)', () => {
  const valid = { first_name: 'Ana', last_name: 'Pop', phone: '0722 000 111', language: 'ro' };

  it('accepts names, a phone and ro or en', () => {
    expect(accountUpdateProblems(valid)).toEqual({});
    expect(accountUpdateProblem({ ...valid, language: 'en' })).toBeNull();
  });

  it('lets a field be left out (it stays as it is), not sent empty', () => {
    expect(accountUpdateProblems({ language: 'en' })).toEqual({});
    expect(accountUpdateProblems({ phone: '  ' })).toEqual({ phone: IdentityMessages.requiredFields });
    expect(accountUpdateProblem({})).toBe(IdentityMessages.requiredFields);
  });

  it('marks every empty field and an unknown language, and answers the empty fields first', () => {
    const body = { first_name: ' ', last_name: 'Pop', phone: '', language: 'fr' };
    expect(accountUpdateProblems(body)).toEqual({
      first_name: IdentityMessages.requiredFields,
      phone: IdentityMessages.requiredFields,
      language: IdentityMessages.invalidLanguage,
    });
    expect(accountUpdateProblem(body)).toBe(IdentityMessages.requiredFields);
    expect(accountUpdateProblem({ ...valid, language: '' })).toBe(IdentityMessages.invalidLanguage);
  });
});

describe('password change rules (issue 17)', () => {
  it('asks for the current password, then holds the new one to the rules of a new password', () => {
    const body = { password: 'old-pass-123', new_password: 'new-pass-456', confirmedPassword: 'new-pass-456' };
    expect(changePasswordProblem(body)).toBeNull();
    expect(changePasswordProblem({ ...body, password: '' })).toBe(IdentityMessages.requiredFields);
    expect(changePasswordProblem({ ...body, confirmedPassword: 'new-pass-457' })).toBe(
      IdentityMessages.passwordsDontMatch,
    );
    expect(changePasswordProblem({ ...body, new_password: 'short1', confirmedPassword: 'short1' })).toBe(
      IdentityMessages.weakPassword,
    );
  });
});

describe('e-mail change rules (issue 17)', () => {
  const current = 'ana@example.com';
  it('asks for both fields, an e-mail, and another one than the account has', () => {
    const body = { email: ' Ana.Pop@Example.com ', password: 'old-pass-123' };
    expect(changeEmailProblem(body, current)).toBeNull();
    expect(changeEmailProblem({ ...body, password: '' }, current)).toBe(IdentityMessages.requiredFields);
    expect(changeEmailProblem({ ...body, email: '  ' }, current)).toBe(IdentityMessages.requiredFields);
    expect(changeEmailProblem({ ...body, email: 'ana@' }, current)).toBe(IdentityMessages.invalidEmail);
    expect(changeEmailProblem({ ...body, email: ' ANA@example.com' }, current)).toBe(
      IdentityMessages.emailUnchanged,
    );
  });
});
