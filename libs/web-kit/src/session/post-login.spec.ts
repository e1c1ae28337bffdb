import { isSafeReturnPath, readLoginPageState } from './post-login.js';
import { parseStoredUser } from './stored-user.js';

describe('isSafeReturnPath', () => {
  it.each([
    ['another origin', '//evil.example/x'],
    ['a backslash trick', '/\\evil.example'],
    ['an absolute URL', 'https://evil.example/'],
    ['a relative path', 'child/list'],
    ['the login page', '/login'],
    ['the register page', '/register/abc'],
    ['a token link', '/token/activate-user/abc'],
    ['the reset page', '/reset-password'],
  ])('refuses %s as a return location', (_label, from) => {
    expect(isSafeReturnPath(from)).toBe(false);
  });
  it('keeps paths that only start like an auth page', () => {
    expect(isSafeReturnPath('/loginhelp')).toBe(true);
    expect(isSafeReturnPath('/child/list')).toBe(true);
  });
});

describe('readLoginPageState', () => {
  it('reads from, message and error', () => {
    expect(
      readLoginPageState({ from: '/child/list', message: 'Registration successful!', error: 'x' }),
    ).toEqual({
      from: '/child/list',
      message: 'Registration successful!',
      error: 'x',
    });
  });
  it('reads the address to prefill and whether an activation link was mailed', () => {
    expect(
      readLoginPageState({
        message: 'Registration successful!',
        email: ' ana@example.com ',
        activationSent: true,
      }),
    ).toEqual({
      message: 'Registration successful!',
      email: 'ana@example.com',
      activationSent: true,
    });
  });
  it('drops what is missing, empty or unsafe', () => {
    expect(readLoginPageState(null)).toEqual({});
    expect(readLoginPageState('x')).toEqual({});
    expect(
      readLoginPageState({ from: '//evil', message: ' ', error: 3, email: 4, activationSent: 'yes' }),
    ).toEqual({});
  });
});

describe('parseStoredUser', () => {
  it('accepts a stored login answer', () => {
    expect(parseStoredUser('{"email":"a@b.c","role":"ADMIN","child_id":null}')).toEqual({
      email: 'a@b.c',
      role: 'ADMIN',
      child_id: null,
    });
  });
  it.each(['', 'not json', 'null', '{"email":"a@b.c","role":"ROOT"}', '{"role":"ADMIN"}'])(
    'rejects %j',
    (raw) => {
      expect(parseStoredUser(raw)).toBeNull();
    },
  );
});
