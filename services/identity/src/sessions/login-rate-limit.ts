/**
 * Login throttling policy: more than `maxPerAccount` failed logins for one account, or more than `maxPerIp` from
 * one client address, within the sliding `windowMs`, and further attempts are refused before any password check.
 */
export interface LoginRateLimitPolicy {
  windowMs: number;
  maxPerAccount: number;
  maxPerIp: number;
}

export const LOGIN_RATE_LIMIT: LoginRateLimitPolicy = {
  windowMs: 15 * 60_000,
  maxPerAccount: 5,
  maxPerIp: 20,
};

export interface RecentFailures {
  account: number;
  ip: number;
}

/** Failures older than this instant no longer count. */
export function windowStart(now: Date, policy: LoginRateLimitPolicy = LOGIN_RATE_LIMIT): Date {
  return new Date(now.getTime() - policy.windowMs);
}

/** Which limit, if any, the failures inside the window have reached. */
export function limitReached(
  failures: RecentFailures,
  policy: LoginRateLimitPolicy = LOGIN_RATE_LIMIT,
): 'account' | 'ip' | null {
  if (failures.account >= policy.maxPerAccount) return 'account';
  if (failures.ip >= policy.maxPerIp) return 'ip';
  return null;
}

/** Counts the failure instants that fall inside the window ending `now` (the rule the SQL count applies). */
export function failuresInWindow(
  failedAt: Date[],
  now: Date,
  policy: LoginRateLimitPolicy = LOGIN_RATE_LIMIT,
): number {
  const start = windowStart(now, policy).getTime();
  return failedAt.filter((at) => at.getTime() > start && at.getTime() <= now.getTime()).length;
}

/** The client address the gateway forwarded (first entry of X-Forwarded-For), else the socket's. */
export function clientIp(
  forwardedFor: string | string[] | undefined,
  socketAddress: string | undefined,
): string {
  const header = Array.isArray(forwardedFor) ? forwardedFor[0] : forwardedFor;
  const first = header?.split(',')[0]?.trim();
  return (first || socketAddress || 'unknown').slice(0, 64);
}
