import { readCookie } from './identity-session-resolver.js';

describe('readCookie', () => {
  it('finds one cookie among several', () => {
    expect(readCookie('theme=dark; aba_session=abc123; lang=ro', 'aba_session')).toBe('abc123');
    expect(readCookie('aba_session=abc123', 'aba_session')).toBe('abc123');
  });

  it('gives null when it is missing, empty or absurdly long', () => {
    expect(readCookie(undefined, 'aba_session')).toBeNull();
    expect(readCookie('other=1', 'aba_session')).toBeNull();
    expect(readCookie('aba_session=', 'aba_session')).toBeNull();
    expect(readCookie(`aba_session=${'x'.repeat(201)}`, 'aba_session')).toBeNull();
    expect(readCookie('xaba_session=1', 'aba_session')).toBeNull();
  });
});
