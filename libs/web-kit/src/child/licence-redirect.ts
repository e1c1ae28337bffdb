/**
 * Spec §4 / §8: a child without an active licence is blocked. Its data calls answer
 * 402 `{ "error": "Child subscription not found" }`; wherever that happens in the child section (the shell's
 * child frame, the plans and behaviours remotes), the page goes to /billing and the billing page shows
 * 'This child has no active licenses. Please add a license!' (translated) in its red alert.
 * Pure decisions here; the hooks that navigate are in `use-licence-redirect.ts`.
 */
import { errorMessageOf } from '../i18n/server-errors.js';

/** What the server answers (HTTP 402) for a child with no active licence (`ErrorMessages.licenceMissing`). */
export const LICENCE_MISSING_ERROR = 'Child subscription not found';
/** What /billing shows after the redirect (translated through `common:errors` like a server message). */
export const NO_LICENCE_MESSAGE = 'This child has no active licenses. Please add a license!';
/** Where an unlicensed child sends the user. */
export const BILLING_PATH = '/billing';

/** Navigation state /billing understands: `error` is an English message, translated on display. */
export interface BillingPageState {
  error?: string;
}

/** Where to go, and with what state, when a call failed because the child has no licence. */
export interface LicenceRedirect {
  to: typeof BILLING_PATH;
  state: { error: typeof NO_LICENCE_MESSAGE };
}

/**
 * Whether a failed call (RTK Query error, `{ error }` body, `Error`, message) means "this child has no
 * licence": HTTP 402, or the server's exact message.
 */
export function isLicenceMissing(error: unknown): boolean {
  if (error == null) return false;
  if (typeof error === 'object') {
    const record = error as Record<string, unknown>;
    if (record.status === 402 || record.originalStatus === 402) return true;
  }
  return errorMessageOf(error) === LICENCE_MISSING_ERROR;
}

/** The redirect to /billing when `error` means the child has no licence; null otherwise. */
export function licenceRedirect(error: unknown): LicenceRedirect | null {
  return isLicenceMissing(error) ? { to: BILLING_PATH, state: { error: NO_LICENCE_MESSAGE } } : null;
}

/** Reads `location.state` of /billing (unknown fields dropped; an empty message counts as none). */
export function readBillingPageState(state: unknown): BillingPageState {
  if (typeof state !== 'object' || state === null) return {};
  const error = (state as Record<string, unknown>).error;
  return typeof error === 'string' && error.trim() !== '' ? { error } : {};
}
