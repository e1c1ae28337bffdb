import { z } from 'zod';
import { userRoleSchema, type accessTypeSchema } from '../events/payloads.js';
import { ErrorMessages } from './error.js';
import { text } from './text.js';

/** Messages of the accounts calls, returned verbatim; the front end translates them by this exact text. */
export const IdentityMessages = {
  requiredFields: ErrorMessages.requiredFields,
  passwordsDontMatch: ErrorMessages.passwordsDontMatch,
  invalidInvite: ErrorMessages.invalidInvite,
  invalidEmail: 'Please enter a valid e-mail address',
  weakPassword: 'The password must have at least 10 characters, with at least one letter and one digit',
  emailTaken: 'An account with this e-mail already exists',
  invalidRole: 'Choose Parent, Therapist or Coordinator',
  invalidCredentials: 'Wrong e-mail or password',
  accountInactive: 'Your account is not activated yet. Open the link in the activation e-mail.',
  tooManyAttempts: 'Too many login attempts. Please wait a few minutes and try again.',
  invalidToken: 'This link is invalid or has expired',
  registered: 'Registration successful!',
  activated: 'Your account was successfully activated!',
  resetRequested: 'If an account exists for this e-mail, a password reset link has been sent.',
  passwordChanged: 'Your password was changed. Please log in.',
  loggedOut: 'Logged out',
  notLoggedIn: ErrorMessages.unauthenticated,
  adminOnly: ErrorMessages.forbidden,
  invalidLanguage: 'Choose Romanian or English',
  wrongCurrentPassword: 'The current password is not right',
  passwordUpdated: 'Your password was changed. Your other sessions were ended.',
  emailUnchanged: 'This is already the e-mail of your account',
  emailChangeSent:
    'We sent a confirmation link to the new address. Until you open it, you log in with your current e-mail.',
  tooManyEmailChanges: 'Too many e-mail changes were asked for. Please try again in an hour.',
  emailChanged: 'Your e-mail was changed. From now on, log in with the new one.',
} as const;

/** The languages an account can prefer: the interface's, and its e-mails'. */
export const accountLanguageSchema = z.enum(['ro', 'en']);
export type AccountLanguage = z.infer<typeof accountLanguageSchema>;

/** Roles a person may choose when registering (ADMIN is never self-assigned). */
export const registrationRoleSchema = z.enum(['PARENT', 'THERAPIST', 'COORDINATOR']);
export type RegistrationRole = z.infer<typeof registrationRoleSchema>;

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;

/** True when a password is strong enough: 10–200 characters with a letter and a digit. */
export function isStrongPassword(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN_LENGTH &&
    password.length <= PASSWORD_MAX_LENGTH &&
    /\p{L}/u.test(password) &&
    /\d/.test(password)
  );
}

/**
 * POST /api/register. Raw shape only (every field a bounded string); the rules and their messages are in
 * `registrationProblem`, shared by the form and the service so both say the same thing.
 */
export const registerRequestSchema = z.object({
  first_name: text(100).default(''),
  last_name: text(100).default(''),
  email: text(320).default(''),
  phone: text(40).default(''),
  password: text(PASSWORD_MAX_LENGTH).default(''),
  confirmedPassword: text(PASSWORD_MAX_LENGTH).default(''),
  role: text(20).optional(),
  token: text(200).optional().nullable(),
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

const emailShape = z.email();

/** The fields of the registration form, in the order the form shows them. */
export const REGISTRATION_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'password',
  'confirmedPassword',
  'role',
] as const;
export type RegistrationField = (typeof REGISTRATION_FIELDS)[number];

/** Which message wins when a registration breaks several rules (the one the server answers). */
const REGISTRATION_MESSAGE_ORDER: readonly string[] = [
  IdentityMessages.requiredFields,
  IdentityMessages.passwordsDontMatch,
  IdentityMessages.invalidEmail,
  IdentityMessages.invalidRole,
  IdentityMessages.weakPassword,
];

/**
 * Every rule a registration breaks, by field (so a form can mark each field at once): an empty field is
 * 'Please fill out all the required fields', then the e-mail's shape, the confirmation, the role and the password's
 * strength. An invite supplies the e-mail, which is then not checked.
 */
export function registrationProblems(
  body: z.infer<typeof registerRequestSchema>,
  options: { emailFromInvite?: boolean } = {},
): Partial<Record<RegistrationField, string>> {
  const problems: Partial<Record<RegistrationField, string>> = {};
  const blank = (value: string) => value.trim() === '';
  for (const field of ['first_name', 'last_name', 'email', 'phone', 'password', 'confirmedPassword'] as const) {
    if (field === 'email' && options.emailFromInvite) continue;
    if (blank(body[field])) problems[field] = IdentityMessages.requiredFields;
  }
  if (!problems.email && !options.emailFromInvite && !emailShape.safeParse(normaliseEmail(body.email)).success) {
    problems.email = IdentityMessages.invalidEmail;
  }
  if (!problems.password && !isStrongPassword(body.password)) problems.password = IdentityMessages.weakPassword;
  if (!blank(body.password) && !blank(body.confirmedPassword) && body.password !== body.confirmedPassword) {
    problems.confirmedPassword = IdentityMessages.passwordsDontMatch;
  }
  if (body.role !== undefined && !registrationRoleSchema.safeParse(body.role).success) {
    problems.role = IdentityMessages.invalidRole;
  }
  return problems;
}

/** The first rule a registration breaks, as the message to show; null when it is acceptable. */
export function registrationProblem(
  body: z.infer<typeof registerRequestSchema>,
  options: { emailFromInvite?: boolean } = {},
): string | null {
  const messages = new Set(Object.values(registrationProblems(body, options)));
  return REGISTRATION_MESSAGE_ORDER.find((message) => messages.has(message)) ?? null;
}

/** The first rule a new password breaks (reset form and service); null when acceptable. */
export function newPasswordProblem(password: string, confirmedPassword: string): string | null {
  if (password.trim() === '' || confirmedPassword.trim() === '') return IdentityMessages.requiredFields;
  if (password !== confirmedPassword) return IdentityMessages.passwordsDontMatch;
  if (!isStrongPassword(password)) return IdentityMessages.weakPassword;
  return null;
}

export const loginRequestSchema = z.object({
  email: text(320).default(''),
  password: text(PASSWORD_MAX_LENGTH).default(''),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

/**
 * POST /api/login answer; `child_id` is the first child the user owns or helps, if any; `language` the account's
 * preferred one, which the interface takes on at login (issue 17).
 */
export const loginResponseSchema = z.object({
  email: z.string(),
  role: userRoleSchema,
  child_id: z.uuid().nullable(),
  language: accountLanguageSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

export const resetPasswordRequestSchema = z.object({ email: text(320).default('') });
export const tokenRequestSchema = z.object({ token: text(200).min(1) });
export const setPasswordRequestSchema = z.object({
  token: text(200).min(1),
  password: text(PASSWORD_MAX_LENGTH).default(''),
  confirmedPassword: text(PASSWORD_MAX_LENGTH).default(''),
});

/**
 * GET /api/invite/{token}/validate: the invited e-mail and the role the invitation is for (a therapist's access →
 * THERAPIST, a coordinator's → COORDINATOR), which the registration form preselects.
 */
export const inviteValidationResponseSchema = z.object({
  token: z.object({ email: z.string(), role: registrationRoleSchema }),
});
export type InviteValidationResponse = z.infer<typeof inviteValidationResponseSchema>;

/** The role a person invited with a child access type registers with. */
export function registrationRoleForAccess(
  accessType: z.infer<typeof accessTypeSchema>,
): Exclude<RegistrationRole, 'PARENT'> {
  return accessType === 'ADMIN' ? 'COORDINATOR' : 'THERAPIST';
}

export const USER_PAGE_SIZES = [10, 25, 50, 100] as const;

/** GET /api/user/list?page=&user-count= (ADMIN only). `page` starts at 1. */
export const userListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  'user-count': z.coerce
    .number()
    .int()
    .refine((n) => (USER_PAGE_SIZES as readonly number[]).includes(n), 'must be 10, 25, 50 or 100')
    .default(10),
});

export const userStatusSchema = z.enum(['ACTIVE', 'INACTIVE']);
export type UserStatus = z.infer<typeof userStatusSchema>;

export const adminUserSchema = z.object({
  id: z.uuid(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  role: userRoleSchema,
  date_registered: z.iso.datetime(),
  status: userStatusSchema,
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const userListResponseSchema = z.object({
  users: z.array(adminUserSchema),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  user_count: z.number().int(),
});
export type UserListResponse = z.infer<typeof userListResponseSchema>;

/** The logged-in user's own account (issue 17): what GET /api/account and POST /api/account/update answer. */
export const accountSchema = z.object({
  id: z.uuid(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  role: userRoleSchema,
  language: accountLanguageSchema,
  date_registered: z.iso.datetime(),
});
export type Account = z.infer<typeof accountSchema>;
export const accountResponseSchema = z.object({ account: accountSchema });
export type AccountResponse = z.infer<typeof accountResponseSchema>;

/**
 * POST /api/account/update {first_name, last_name, phone, language}: a field left out stays as it is (the header's
 * language switch sends the language alone). Raw shape only (bounded strings); the rules and their messages are in
 * `accountUpdateProblems`, shared by the form and the service.
 */
export const accountUpdateRequestSchema = z.object({
  first_name: text(100).optional(),
  last_name: text(100).optional(),
  phone: text(40).optional(),
  language: text(5).optional(),
});
export type AccountUpdateRequest = z.input<typeof accountUpdateRequestSchema>;

/** The fields of the account form, in the order the form shows them. */
export const ACCOUNT_FIELDS = ['first_name', 'last_name', 'phone', 'language'] as const;
export type AccountField = (typeof ACCOUNT_FIELDS)[number];

/** Every rule an account update breaks, by field: a name or phone sent empty, a language other than ro or en. */
export function accountUpdateProblems(
  body: z.infer<typeof accountUpdateRequestSchema>,
): Partial<Record<AccountField, string>> {
  const problems: Partial<Record<AccountField, string>> = {};
  for (const field of ['first_name', 'last_name', 'phone'] as const) {
    if (body[field]?.trim() === '') problems[field] = IdentityMessages.requiredFields;
  }
  if (body.language !== undefined && !accountLanguageSchema.safeParse(body.language).success) {
    problems.language = IdentityMessages.invalidLanguage;
  }
  return problems;
}

/**
 * The first rule an account update breaks, as the message the service answers; null when it is acceptable. An update
 * that names none of the fields has nothing to save: the required fields' message.
 */
export function accountUpdateProblem(body: z.infer<typeof accountUpdateRequestSchema>): string | null {
  if (ACCOUNT_FIELDS.every((field) => body[field] === undefined)) return IdentityMessages.requiredFields;
  const messages = new Set(Object.values(accountUpdateProblems(body)));
  return [IdentityMessages.requiredFields, IdentityMessages.invalidLanguage].find((m) => messages.has(m)) ?? null;
}

/** POST /api/account/change-password: the current password, and the new one twice. */
export const changePasswordRequestSchema = z.object({
  password: text(PASSWORD_MAX_LENGTH).default(''),
  new_password: text(PASSWORD_MAX_LENGTH).default(''),
  confirmedPassword: text(PASSWORD_MAX_LENGTH).default(''),
});
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

/** The first rule a password change breaks (form and service): every field filled, then the new password's rules. */
export function changePasswordProblem(body: z.infer<typeof changePasswordRequestSchema>): string | null {
  if (body.password === '') return IdentityMessages.requiredFields;
  return newPasswordProblem(body.new_password, body.confirmedPassword);
}

/**
 * POST /api/account/change-email {email, password}: the new address, confirmed by a link sent to it (the current
 * address is told), and the current password.
 */
export const changeEmailRequestSchema = z.object({
  email: text(320).default(''),
  password: text(PASSWORD_MAX_LENGTH).default(''),
});
export type ChangeEmailRequest = z.input<typeof changeEmailRequestSchema>;

/**
 * The first rule an e-mail change breaks (form and service): both fields filled, an e-mail's shape, and another
 * address than the account's `current` one.
 */
export function changeEmailProblem(
  body: z.infer<typeof changeEmailRequestSchema>,
  current: string,
): string | null {
  if (body.email.trim() === '' || body.password === '') return IdentityMessages.requiredFields;
  const email = normaliseEmail(body.email);
  if (!emailShape.safeParse(email).success) return IdentityMessages.invalidEmail;
  return email === normaliseEmail(current) ? IdentityMessages.emailUnchanged : null;
}

/** Internal: the gateway asks identity who holds a session cookie. Not reachable through /api. */
export const SESSION_COOKIE = 'aba_session';
export const resolveSessionRequestSchema = z.object({ sessionId: text(200).min(1) });
export const resolvedSessionSchema = z.object({ userId: z.uuid(), role: userRoleSchema });
export type ResolvedSession = z.infer<typeof resolvedSessionSchema>;
