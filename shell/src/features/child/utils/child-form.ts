/**
 * The add-child and add-helper forms, wired to the rules of `@aba/contracts/api` (the server applies the
 * same ones). Pure functions, unit-tested; messages are the contracts' English texts, translated through
 * `common:errors` on display.
 */
import { ChildMessages, childFormProblem } from '@aba/contracts/api';
import type { CreateChildRequest } from '../api/children-api.js';

export interface ChildFormValues {
  first_name: string;
  last_name: string;
  /** `YYYY-MM-DD`, as a date input gives it ('' when empty or incomplete). */
  date_of_birth: string;
}

export const EMPTY_CHILD_FORM: ChildFormValues = { first_name: '', last_name: '', date_of_birth: '' };

/** Today in the browser's time zone as `YYYY-MM-DD` (the date input's `max`, the "not in the future" rule). */
export function localIsoDate(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The POST /api/child/create body for what the form holds (names trimmed). */
export function createChildRequest(values: ChildFormValues): CreateChildRequest {
  return {
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    date_of_birth: values.date_of_birth.trim(),
  };
}

/** The first rule the form breaks (`childFormProblem`), as its English message; null when it may be sent. */
export function childFormError(values: ChildFormValues, today: string): string | null {
  return childFormProblem(createChildRequest(values), today);
}

/** Add-helper form: an empty or obviously malformed address is refused before asking the server. */
export function helperEmailProblem(email: string): string | null {
  const value = email.trim();
  if (value === '') return ChildMessages.requiredFields;
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) return ChildMessages.invalidEmail;
  return null;
}
