import {
  IdentityMessages,
  newPasswordProblem,
  REGISTRATION_FIELDS,
  registrationProblems,
  type RegistrationField,
  type RegistrationRole,
} from '@aba/contracts/api';
import { firstFieldWithProblem, problemsSummary } from '../../../lib/field-problem.js';
import type { RegistrationRequest } from '../api/registration-api.js';

/** Roles offered on the registration form, in this order; PARENT is the default (spec §3, §6). */
export const REGISTRATION_ROLES: readonly RegistrationRole[] = ['PARENT', 'THERAPIST', 'COORDINATOR'];
export const DEFAULT_REGISTRATION_ROLE: RegistrationRole = 'PARENT';

export interface RegistrationForm {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  password: string;
  confirmedPassword: string;
  role: RegistrationRole;
}

export const EMPTY_REGISTRATION: RegistrationForm = {
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  password: '',
  confirmedPassword: '',
  role: DEFAULT_REGISTRATION_ROLE,
};

/** An accepted invite: its token, the e-mail it was sent to (prefilled and locked) and the role it invites to. */
export interface Invite {
  token: string;
  email: string;
  role?: RegistrationRole;
}

/** The form's first values: empty, or with an invite's e-mail and role. */
export function initialRegistration(invite?: Invite | null): RegistrationForm {
  return {
    ...EMPTY_REGISTRATION,
    email: invite?.email ?? '',
    role: invite?.role ?? DEFAULT_REGISTRATION_ROLE,
  };
}

/** The POST /api/register body for what the form holds (the invite's e-mail wins over the field). */
export function registrationRequest(form: RegistrationForm, invite?: Invite | null): RegistrationRequest {
  const body: RegistrationRequest = {
    first_name: form.first_name,
    last_name: form.last_name,
    email: (invite ? invite.email : form.email).trim(),
    phone: form.phone,
    password: form.password,
    confirmedPassword: form.confirmedPassword,
    role: form.role,
  };
  if (invite) body.token = invite.token;
  return body;
}

/** Every rule the form breaks, by field, as the server's English messages (translated for display). */
export type RegistrationProblems = Partial<Record<RegistrationField, string>>;

/** What the form breaks, field by field (an invite supplies the e-mail). */
export function registrationFormProblems(
  form: RegistrationForm,
  invite?: Invite | null,
): RegistrationProblems {
  const body = registrationRequest(form, invite);
  return registrationProblems({ ...body, token: body.token ?? null }, { emailFromInvite: Boolean(invite) });
}

/** The field the focus goes to: the first one, in the form's order, that breaks a rule. */
export const firstProblemField = (problems: RegistrationProblems): RegistrationField | null =>
  firstFieldWithProblem(REGISTRATION_FIELDS, problems);

/** The line of the red banner above the fields (`problemsSummary` in the form's order). */
export const registrationSummary = (problems: RegistrationProblems): string | null =>
  problemsSummary(REGISTRATION_FIELDS, problems);

/** A server answer about one field, shown at that field too (the e-mail already has an account). */
export function fieldOfServerError(message: string | undefined): RegistrationField | null {
  return message === IdentityMessages.emailTaken || message === IdentityMessages.invalidEmail
    ? 'email'
    : null;
}

/** New-password form (reset link): the first rule it breaks, else null. */
export function newPasswordFormProblem(password: string, confirmedPassword: string): string | null {
  return newPasswordProblem(password, confirmedPassword);
}

/** Request-reset form: only an empty e-mail is refused before asking the server. */
export function resetRequestProblem(email: string): string | null {
  return email.trim() === '' ? IdentityMessages.requiredFields : null;
}

/** Messages for /login after each flow; the server's own text is preferred when it sends one. */
export function successMessage(answer: unknown, fallback: string): string {
  if (typeof answer === 'object' && answer !== null) {
    const message = (answer as Record<string, unknown>).message;
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return fallback;
}

export { IdentityMessages };
