import {
  clientIp,
  failuresInWindow,
  limitReached,
  LOGIN_RATE_LIMIT,
  windowStart,
} from './login-rate-limit.js';

describe('login rate limit', () => {
  const now = new Date('2026-12-01T12:00:00.000Z');
  const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

  it('looks back 15 minutes', () => {
    expect(windowStart(now).toISOString()).toBe('2026-12-01T11:45:00.000Z');
  });

  it('counts only failures inside the sliding window', () => {
    const failures = [minutesAgo(20), minutesAgo(15), minutesAgo(14.9), minutesAgo(5), minutesAgo(0)];
    expect(failuresInWindow(failures, now)).toBe(3);
    // Ten minutes later only the failures of the last five minutes remain (the boundary itself is out).
    expect(failuresInWindow(failures, new Date(now.getTime() + 10 * 60_000))).toBe(1);
    expect(failuresInWindow(failures, new Date(now.getTime() + 9 * 60_000))).toBe(2);
    expect(failuresInWindow([], now)).toBe(0);
  });

  it('allows five failures per account, then refuses', () => {
    expect(limitReached({ account: 4, ip: 4 })).toBeNull();
    expect(limitReached({ account: 5, ip: 5 })).toBe('account');
  });

  it('allows twenty failures per address, then refuses', () => {
    expect(limitReached({ account: 0, ip: 19 })).toBeNull();
    expect(limitReached({ account: 0, ip: 20 })).toBe('ip');
  });

  it('honours another policy', () => {
    expect(limitReached({ account: 1, ip: 0 }, { ...LOGIN_RATE_LIMIT, maxPerAccount: 1 })).toBe('account');
  });

  it('takes the client address from the gateway', () => {
    expect(clientIp('203.0.113.9, 10.0.0.1', '127.0.0.1')).toBe('203.0.113.9');
    expect(clientIp(['198.51.100.7'], undefined)).toBe('198.51.100.7');
    expect(clientIp(undefined, '::1')).toBe('::1');
    expect(clientIp('', undefined)).toBe('unknown');
  });
});
