import { SESSION_COOKIE } from '@aba/contracts/api';

const DAY_MS = 24 * 3_600_000;

/** Session lifetimes: idle (sliding with use) and absolute (from login). */
export const SESSION_IDLE_MS = 7 * DAY_MS;
export const SESSION_ABSOLUTE_MS = 30 * DAY_MS;
/** A session's `last_seen_at`/`expires_at` is written at most this often. */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;

/** When a session used at `now` expires: idle lifetime from now, never past the absolute lifetime. */
export function slidExpiry(createdAt: Date, now: Date): Date {
  return new Date(Math.min(now.getTime() + SESSION_IDLE_MS, createdAt.getTime() + SESSION_ABSOLUTE_MS));
}

/** The Set-Cookie value carrying a session id (or clearing it, with max age 0). */
export function sessionCookie(value: string, maxAgeSeconds: number, secure: boolean): string {
  const parts = [
    `${SESSION_COOKIE}=${value}`,
    'HttpOnly',
    'SameSite=Lax',
    'Path=/',
    `Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`,
  ];
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

export function clearedSessionCookie(secure: boolean): string {
  return sessionCookie('', 0, secure);
}

/** The value of one cookie in a Cookie header, or null (bounded: a session id is 43 characters). */
export function readCookie(
  header: string | string[] | undefined,
  name: string = SESSION_COOKIE,
): string | null {
  const joined = Array.isArray(header) ? header.join('; ') : header;
  if (!joined) return null;
  for (const part of joined.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1 || part.slice(0, separator).trim() !== name) continue;
    const value = part.slice(separator + 1).trim();
    return value.length > 0 && value.length <= 200 ? value : null;
  }
  return null;
}
