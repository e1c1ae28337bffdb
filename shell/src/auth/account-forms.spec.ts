import { IdentityMessages } from '@aba/contracts/api';
import {
  DEFAULT_REGISTRATION_ROLE,
  EMPTY_REGISTRATION,
  newPasswordFormProblem,
  REGISTRATION_ROLES,
  registrationFormProblem,
  registrationRequest,
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
    expect(registrationFormProblem(filled)).toBeNull();
  });

  it.each(['first_name', 'last_name', 'email', 'phone', 'password', 'confirmedPassword'] as const)(
    'an empty (or blank) %s is "Please fill out all the required fields"',
    (name) => {
      expect(registrationFormProblem({ ...filled, [name]: '   ' })).toBe(IdentityMessages.requiredFields);
    },
  );

  it('different passwords are "Passwords don\'t match"', () => {
    expect(registrationFormProblem({ ...filled, confirmedPassword: 'parola12346' })).toBe(
      IdentityMessages.passwordsDontMatch,
    );
  });

  it('checks the e-mail shape and the password rule with the server\'s messages', () => {
    expect(registrationFormProblem({ ...filled, email: 'ana@' })).toBe(IdentityMessages.invalidEmail);
    expect(registrationFormProblem({ ...filled, password: 'short1', confirmedPassword: 'short1' })).toBe(
      IdentityMessages.weakPassword,
    );
    expect(
      registrationFormProblem({ ...filled, password: 'onlyletterss', confirmedPassword: 'onlyletterss' }),
    ).toBe(IdentityMessages.weakPassword);
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
    expect(registrationFormProblem(form, invite)).toBeNull();
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
    expect(successMessage({ message: 'Registration successful!' }, 'fallback')).toBe('Registration successful!');
    expect(successMessage({}, 'fallback')).toBe('fallback');
    expect(successMessage(undefined, 'fallback')).toBe('fallback');
  });
});
