/**
 * Login throttling policy (OWASP's authentication guidance; ADR 0013). Failures count inside a sliding window:
 * - per account and address: after `maxPerPair` failures that address may not try that account again until the
 *   window moves on (429 with Retry-After); other addresses are not affected;
 * - per address: after `maxPerAddress` failures, whatever the accounts, the address may try no account it has not
 *   logged in to before (a clinic's other users behind the same address keep working);
 * - per account, across addresses: after `slowAfter` failures every further attempt from an address the account has
 *   not logged in from takes a turn, spaced by a delay that doubles with each failure up to `slowMaxMs`. The attempt
 *   waits for its turn (at most `maxWaitMs`), so the right password from a new address still gets in, while
 *   guesses from many addresses together are held to one per turn. Beyond `maxWaitMs` the answer is 429 with the
 *   seconds to wait.
 * Addresses the account logged in from within `knownAddressMs` skip the per-address limit and the account's turns.
 */
export interface LoginRateLimitPolicy {
  windowMs: number;
  maxPerPair: number;
  maxPerAddress: number;
  slowAfter: number;
  slowStepMs: number;
  slowMaxMs: number;
  maxWaitMs: number;
  knownAddressMs: number;
}

export const LOGIN_RATE_LIMIT: LoginRateLimitPolicy = {
  windowMs: 15 * 60_000,
  maxPerPair: 5,
  maxPerAddress: 20,
  slowAfter: 5,
  slowStepMs: 1_000,
  slowMaxMs: 60_000,
  maxWaitMs: 10_000,
  knownAddressMs: 30 * 24 * 3_600_000,
};

/** What the window holds for one attempt: failures of the pair, of the address and of the account. */
export interface RecentFailures {
  pair: number;
  address: number;
  account: number;
  /** The account logged in from this address within `knownAddressMs`. */
  knownAddress: boolean;
}

/** Failures older than this instant no longer count. */
export function windowStart(now: Date, policy: LoginRateLimitPolicy = LOGIN_RATE_LIMIT): Date {
  return new Date(now.getTime() - policy.windowMs);
}

/** Which hard limit refuses the attempt outright, if any. */
export function limitReached(
  failures: RecentFailures,
  policy: LoginRateLimitPolicy = LOGIN_RATE_LIMIT,
): 'pair' | 'address' | null {
  if (failures.pair >= policy.maxPerPair) return 'pair';
  if (!failures.knownAddress && failures.address >= policy.maxPerAddress) return 'address';
  return null;
}

/** The spacing between the account's turns, 0 when it is not slowed down. */
export function accountSpacingMs(
  failures: RecentFailures,
  policy: LoginRateLimitPolicy = LOGIN_RATE_LIMIT,
): number {
  if (failures.knownAddress || failures.account < policy.slowAfter) return 0;
  const doublings = Math.min(failures.account - policy.slowAfter, 30);
  return Math.min(policy.slowStepMs * 2 ** doublings, policy.slowMaxMs);
}

/** The client address the gateway forwarded (it decides which one: ADR 0013), else the socket's. */
export function clientIp(
  forwardedFor: string | string[] | undefined,
  socketAddress: string | undefined,
): string {
  const header = Array.isArray(forwardedFor) ? forwardedFor[0] : forwardedFor;
  const first = header?.split(',')[0]?.trim();
  return (first || socketAddress || 'unknown').slice(0, 64);
}
