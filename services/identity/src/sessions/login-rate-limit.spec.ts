import {
  accountSpacingMs,
  clientIp,
  limitReached,
  LOGIN_RATE_LIMIT,
  windowStart,
  type RecentFailures,
} from './login-rate-limit.js';

const failures = (overrides: Partial<RecentFailures>): RecentFailures => ({
  pair: 0,
  address: 0,
  account: 0,
  knownAddress: false,
  ...overrides,
});

describe('login rate limit', () => {
  const now = new Date('2026-12-01T12:00:00.000Z');

  it('looks back 15 minutes', () => {
    expect(windowStart(now).toISOString()).toBe('2026-12-01T11:45:00.000Z');
  });

  it('lets an address fail five times on one account, then refuses that address for that account', () => {
    expect(limitReached(failures({ pair: 4, account: 4, address: 4 }))).toBeNull();
    expect(limitReached(failures({ pair: 5, account: 5, address: 5 }))).toBe('pair');
    // An address that has logged in to the account before is refused too once it has failed five times there.
    expect(limitReached(failures({ pair: 5, knownAddress: true }))).toBe('pair');
  });

  it('never refuses the account outright to an address that has not failed on it', () => {
    expect(limitReached(failures({ pair: 0, account: 500, address: 0 }))).toBeNull();
  });

  it('refuses an address with twenty failures, except for accounts that logged in from it before', () => {
    expect(limitReached(failures({ address: 19 }))).toBeNull();
    expect(limitReached(failures({ address: 20 }))).toBe('address');
    expect(limitReached(failures({ address: 20, knownAddress: true }))).toBeNull();
  });

  it('slows an account down from its fifth failure, doubling up to a minute, except from known addresses', () => {
    expect(accountSpacingMs(failures({ account: 4 }))).toBe(0);
    expect(accountSpacingMs(failures({ account: 5 }))).toBe(1_000);
    expect(accountSpacingMs(failures({ account: 6 }))).toBe(2_000);
    expect(accountSpacingMs(failures({ account: 10 }))).toBe(32_000);
    expect(accountSpacingMs(failures({ account: 11 }))).toBe(60_000);
    expect(accountSpacingMs(failures({ account: 10_000 }))).toBe(60_000);
    expect(accountSpacingMs(failures({ account: 50, knownAddress: true }))).toBe(0);
  });

  it('honours another policy', () => {
    const policy = { ...LOGIN_RATE_LIMIT, maxPerPair: 1, slowAfter: 1, slowStepMs: 10 };
    expect(limitReached(failures({ pair: 1 }), policy)).toBe('pair');
    expect(accountSpacingMs(failures({ account: 3 }), policy)).toBe(40);
  });

  it('takes the client address from the gateway', () => {
    expect(clientIp('203.0.113.9, 10.0.0.1', '127.0.0.1')).toBe('203.0.113.9');
    expect(clientIp(['198.51.100.7'], undefined)).toBe('198.51.100.7');
    expect(clientIp(undefined, '::1')).toBe('::1');
    expect(clientIp('', undefined)).toBe('unknown');
  });
});
