/**
 * Navigation state /login understands:
 * - `from`: where the user was going (set by `ProtectedRoute`); the login returns there;
 * - `message`: a success text for the green banner (registration, activation, password reset);
 * - `error`: an error text for the red banner (invalid reset link, failed activation);
 * - `email`: the address to prefill (the one just registered);
 * - `activationSent`: the registration mailed an activation link, which must be opened before logging in.
 * Texts are the server's English messages; /login translates them (so they follow the language switch).
 */
export interface LoginPageState {
  from?: string;
  message?: string;
  error?: string;
  email?: string;
  activationSent?: boolean;
}

/** Pages that must never be the place a login "returns" to (they would loop or make no sense). */
const NOT_A_RETURN_PATH = /^\/(login|register|reset-password|token)(\/|\?|#|$)/;

/** Whether `path` is a same-site path a login may return to (no other origin, no auth pages). */
export function isSafeReturnPath(path: unknown): path is string {
  if (typeof path !== 'string' || path.length > 2000) return false;
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return false;
  if ([...path].some((char) => char.charCodeAt(0) < 0x20)) return false; // control characters
  return !NOT_A_RETURN_PATH.test(path);
}

/** Reads whatever `location.state` holds into a {@link LoginPageState} (unknown fields are dropped). */
export function readLoginPageState(state: unknown): LoginPageState {
  if (typeof state !== 'object' || state === null) return {};
  const record = state as Record<string, unknown>;
  const result: LoginPageState = {};
  if (isSafeReturnPath(record.from)) result.from = record.from;
  if (typeof record.message === 'string' && record.message.trim() !== '') result.message = record.message;
  if (typeof record.error === 'string' && record.error.trim() !== '') result.error = record.error;
  if (typeof record.email === 'string' && record.email.trim() !== '' && record.email.length <= 320) {
    result.email = record.email.trim();
  }
  if (record.activationSent === true) result.activationSent = true;
  return result;
}
