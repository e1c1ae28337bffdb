import {
  IdentityMessages,
  newPasswordProblem,
  registrationProblem,
  type RegistrationRole,
} from '@aba/contracts/api';
import type { RegistrationRequest } from '@aba/web-kit';

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

/** An accepted invite: its token and the e-mail it was sent to (prefilled and locked). */
export interface Invite {
  token: string;
  email: string;
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

/** The first rule the form breaks, as the server's English message (translated for display); else null. */
export function registrationFormProblem(form: RegistrationForm, invite?: Invite | null): string | null {
  const body = registrationRequest(form, invite);
  return registrationProblem({ ...body, token: body.token ?? null }, { emailFromInvite: Boolean(invite) });
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
