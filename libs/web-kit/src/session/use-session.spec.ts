import type { SessionUser } from './session-user.js';
import { sessionFromQuery } from './use-session.js';

const user: SessionUser = {
  id: '9f1c7c4e-2a52-4d43-9a37-3f0f8f7c1a10',
  email: 'ana@example.com',
  first_name: 'Ana',
  last_name: 'Pop',
  role: 'PARENT',
};
const idle = { isLoading: false, isUninitialized: false, isFetching: false };

describe('sessionFromQuery', () => {
  it('is loading before the first answer', () => {
    expect(sessionFromQuery({ ...idle, isUninitialized: true }).status).toBe('loading');
    expect(sessionFromQuery({ ...idle, isLoading: true, isFetching: true }).status).toBe('loading');
  });
  it('is logged in or out from the answer', () => {
    expect(sessionFromQuery({ ...idle, data: user })).toEqual({ status: 'logged-in', user });
    expect(sessionFromQuery({ ...idle, data: null })).toEqual({ status: 'logged-out', user: null });
  });
  it('right after login (re-reading a logged-out session) is loading, not logged out', () => {
    expect(sessionFromQuery({ ...idle, data: null, isFetching: true }).status).toBe('loading');
  });
  it('keeps the user while a logged-in session is read again', () => {
    expect(sessionFromQuery({ ...idle, data: user, isFetching: true })).toEqual({ status: 'logged-in', user });
  });
});
