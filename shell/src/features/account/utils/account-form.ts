import {
  ACCOUNT_FIELDS,
  accountLanguageSchema,
  accountUpdateProblems,
  type Account,
  type AccountField,
  type AccountLanguage,
  type AccountUpdateRequest,
} from '@aba/contracts/api';
import { firstFieldWithProblem, problemsSummary } from '../../../lib/field-problem.js';

/** The languages offered on the form, in this order (each named in its own language). */
export const ACCOUNT_LANGUAGES: readonly AccountLanguage[] = accountLanguageSchema.options;

/** What the account form holds: the fields the user may change. */
export interface AccountFormValues {
  first_name: string;
  last_name: string;
  phone: string;
  language: AccountLanguage;
}

/** Every rule the form breaks, by field, as the server's English messages (translated for display). */
export type AccountProblems = Partial<Record<AccountField, string>>;

/** The form's values for an account as the server answered it. */
export function accountFormValues(account: Account): AccountFormValues {
  return {
    first_name: account.first_name,
    last_name: account.last_name,
    phone: account.phone,
    language: account.language,
  };
}

/** The POST /api/account/update body for what the form holds. */
export function accountUpdateRequest(values: AccountFormValues): AccountUpdateRequest & AccountFormValues {
  return {
    first_name: values.first_name,
    last_name: values.last_name,
    phone: values.phone,
    language: values.language,
  };
}

/** What the form breaks, field by field (the rules the service applies, from the contracts). */
export function accountFormProblems(values: AccountFormValues): AccountProblems {
  return accountUpdateProblems(accountUpdateRequest(values));
}

/** The field the focus goes to: the first one, in the form's order, that breaks a rule. */
export const firstAccountProblemField = (problems: AccountProblems): AccountField | null =>
  firstFieldWithProblem(ACCOUNT_FIELDS, problems);

/** The line of the red banner above the fields (`problemsSummary` in the form's order). */
export const accountProblemsSummary = (problems: AccountProblems): string | null =>
  problemsSummary(ACCOUNT_FIELDS, problems);

/**
 * The marks still due once the form changes: a marked field stays marked while it still breaks a rule (with its
 * current message), fields not marked yet are left alone while typing.
 */
export function stillMarked(marked: AccountProblems, values: AccountFormValues): AccountProblems {
  if (Object.keys(marked).length === 0) return marked;
  const found = accountFormProblems(values);
  const still: AccountProblems = {};
  for (const field of ACCOUNT_FIELDS) if (marked[field] && found[field]) still[field] = found[field];
  return still;
}

/** The language to switch the interface to after a save, or null when it already shows the saved one. */
export function languageToSwitchTo(saved: AccountLanguage, current: string): AccountLanguage | null {
  return saved === current ? null : saved;
}

/** A supported language, or null (a radio's value is a plain string). */
export function asAccountLanguage(value: string): AccountLanguage | null {
  const parsed = accountLanguageSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
