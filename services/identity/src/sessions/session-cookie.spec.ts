import {
  clearedSessionCookie,
  readCookie,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
  sessionCookie,
  slidExpiry,
} from './session-cookie.js';

describe('session cookie', () => {
  it('is HttpOnly, SameSite=Lax, site-wide, with a max age, Secure on https', () => {
    expect(sessionCookie('abc', 604800, false)).toBe(
      'aba_session=abc; HttpOnly; SameSite=Lax; Path=/; Max-Age=604800',
    );
    expect(sessionCookie('abc', 604800, true)).toBe(
      'aba_session=abc; HttpOnly; SameSite=Lax; Path=/; Max-Age=604800; Secure',
    );
    expect(clearedSessionCookie(false)).toBe('aba_session=; HttpOnly; SameSite=Lax; Path=/; Max-Age=0');
  });

  it('reads the session id from a Cookie header', () => {
    expect(readCookie('theme=dark; aba_session=xyz_-1; other=1')).toBe('xyz_-1');
    expect(readCookie(['a=1', 'aba_session=q'])).toBe('q');
    expect(readCookie('aba_session=')).toBeNull();
    expect(readCookie(`aba_session=${'x'.repeat(201)}`)).toBeNull();
    expect(readCookie('my_aba_session=1')).toBeNull();
    expect(readCookie(undefined)).toBeNull();
  });

  it('slides the expiry with use, up to the absolute lifetime', () => {
    const created = new Date('2026-12-01T00:00:00Z');
    const soon = new Date(created.getTime() + 60_000);
    expect(slidExpiry(created, soon).getTime()).toBe(soon.getTime() + SESSION_IDLE_MS);
    const late = new Date(created.getTime() + 28 * 24 * 3_600_000);
    expect(slidExpiry(created, late).getTime()).toBe(created.getTime() + SESSION_ABSOLUTE_MS);
  });
});
