import { IdentityMessages } from '@aba/contracts/api';
import {
  DEFAULT_REGISTRATION_ROLE,
  EMPTY_REGISTRATION,
  fieldOfServerError,
  firstProblemField,
  initialRegistration,
  newPasswordFormProblem,
  REGISTRATION_ROLES,
  registrationFormProblems,
  registrationRequest,
  registrationSummary,
  resetRequestProblem,
  successMessage,
  type RegistrationForm,
} from './account-forms.js';

const filled: RegistrationForm = {
  first_name: 'Ana',
  last_name: 'Pop',
  email: ' Ana@Example.com ',
  phone: '0712345678',
  password: 'parola12345',
  confirmedPassword: 'parola12345',
  role: 'THERAPIST',
};

describe('registration form', () => {
  it('offers Parent, Therapist and Coordinator with Parent first and default', () => {
    expect(REGISTRATION_ROLES).toEqual(['PARENT', 'THERAPIST', 'COORDINATOR']);
    expect(DEFAULT_REGISTRATION_ROLE).toBe('PARENT');
    expect(EMPTY_REGISTRATION.role).toBe('PARENT');
  });

  it('accepts a complete form', () => {
    expect(registrationFormProblems(filled)).toEqual({});
    expect(registrationSummary({})).toBeNull();
  });

  it.each(['first_name', 'last_name', 'email', 'phone', 'password', 'confirmedPassword'] as const)(
    'marks an empty (or blank) %s and sums it up as "Please fill out all the required fields"',
    (name) => {
      const problems = registrationFormProblems({ ...filled, [name]: '   ' });
      expect(problems[name]).toBe(IdentityMessages.requiredFields);
      expect(registrationSummary(problems)).toBe(IdentityMessages.requiredFields);
    },
  );

  it('marks every broken field at once, the focus going to the first in the form', () => {
    const problems = registrationFormProblems({
      ...filled,
      last_name: '',
      email: 'ana@',
      password: 'short1',
      confirmedPassword: 'short2',
    });
    expect(problems).toEqual({
      last_name: IdentityMessages.requiredFields,
      email: IdentityMessages.invalidEmail,
      password: IdentityMessages.weakPassword,
      confirmedPassword: IdentityMessages.passwordsDontMatch,
    });
    expect(firstProblemField(problems)).toBe('last_name');
    expect(registrationSummary(problems)).toBe(IdentityMessages.requiredFields);
    expect(registrationSummary({ password: IdentityMessages.weakPassword })).toBe(
      IdentityMessages.weakPassword,
    );
  });

  it("checks the e-mail shape, the match and the password rule with the server's messages", () => {
    expect(registrationFormProblems({ ...filled, confirmedPassword: 'parola12346' })).toEqual({
      confirmedPassword: IdentityMessages.passwordsDontMatch,
    });
    expect(registrationFormProblems({ ...filled, email: 'ana@' })).toEqual({
      email: IdentityMessages.invalidEmail,
    });
    expect(
      registrationFormProblems({ ...filled, password: 'onlyletterss', confirmedPassword: 'onlyletterss' }),
    ).toEqual({ password: IdentityMessages.weakPassword });
  });

  it('shows an e-mail the server refuses at the e-mail field', () => {
    expect(fieldOfServerError(IdentityMessages.emailTaken)).toBe('email');
    expect(fieldOfServerError(IdentityMessages.invalidInvite)).toBeNull();
    expect(fieldOfServerError(undefined)).toBeNull();
  });

  it("starts with the invite's e-mail and role", () => {
    expect(initialRegistration()).toEqual(EMPTY_REGISTRATION);
    expect(initialRegistration({ token: 't', email: 'a@b.ro', role: 'COORDINATOR' })).toMatchObject({
      email: 'a@b.ro',
      role: 'COORDINATOR',
    });
    expect(initialRegistration({ token: 't', email: 'a@b.ro' }).role).toBe('PARENT');
  });

  it('sends the trimmed e-mail and no token without an invite', () => {
    expect(registrationRequest(filled)).toEqual({
      first_name: 'Ana',
      last_name: 'Pop',
      email: 'Ana@Example.com',
      phone: '0712345678',
      password: 'parola12345',
      confirmedPassword: 'parola12345',
      role: 'THERAPIST',
    });
  });

  it('with an invite sends its e-mail and token and does not need the field', () => {
    const invite = { token: 'tok-1', email: 'invited@example.com' };
    const form = { ...filled, email: '' };
    expect(registrationFormProblems(form, invite)).toEqual({});
    expect(registrationRequest(form, invite)).toMatchObject({ email: 'invited@example.com', token: 'tok-1' });
  });
});

describe('new password form', () => {
  it('uses the shared rules', () => {
    expect(newPasswordFormProblem('', '')).toBe(IdentityMessages.requiredFields);
    expect(newPasswordFormProblem('parola12345', 'parola12346')).toBe(IdentityMessages.passwordsDontMatch);
    expect(newPasswordFormProblem('scurta1', 'scurta1')).toBe(IdentityMessages.weakPassword);
    expect(newPasswordFormProblem('parola12345', 'parola12345')).toBeNull();
  });
});

describe('reset request and messages', () => {
  it('refuses only an empty e-mail', () => {
    expect(resetRequestProblem('  ')).toBe(IdentityMessages.requiredFields);
    expect(resetRequestProblem('x')).toBeNull();
  });
  it("prefers the server's message", () => {
    expect(successMessage({ message: 'Registration successful!' }, 'fallback')).toBe(
      'Registration successful!',
    );
    expect(successMessage({}, 'fallback')).toBe('fallback');
    expect(successMessage(undefined, 'fallback')).toBe('fallback');
  });
});
