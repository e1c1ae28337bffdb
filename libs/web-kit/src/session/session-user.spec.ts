import { hasRole, isSessionUser } from './session-user.js';

const user = {
  id: '9f1c7c4e-2a52-4d43-9a37-3f0f8f7c1a10',
  email: 'ana@example.com',
  first_name: 'Ana',
  last_name: 'Pop',
  role: 'PARENT',
} as const;

describe('isSessionUser', () => {
  it('accepts a get-session answer', () => {
    expect(isSessionUser(user)).toBe(true);
  });
  it.each([
    ['null', null],
    ['an error body', { error: 'You are not logged in' }],
    ['an unknown role', { ...user, role: 'ROOT' }],
    ['a missing first name', { ...user, first_name: undefined }],
    ['an empty id', { ...user, id: '' }],
  ])('rejects %s', (_label, value) => {
    expect(isSessionUser(value)).toBe(false);
  });
});

describe('hasRole', () => {
  it('needs a user', () => {
    expect(hasRole(null)).toBe(false);
    expect(hasRole(null, 'ADMIN')).toBe(false);
  });
  it('without a required role any user passes', () => {
    expect(hasRole(user)).toBe(true);
  });
  it('matches one role or any of several', () => {
    expect(hasRole(user, 'ADMIN')).toBe(false);
    expect(hasRole({ ...user, role: 'ADMIN' }, 'ADMIN')).toBe(true);
    expect(hasRole(user, ['ADMIN', 'PARENT'])).toBe(true);
  });
});
