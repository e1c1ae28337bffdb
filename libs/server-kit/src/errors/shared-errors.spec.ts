import { ErrorMessages } from '@aba/contracts/api';
import {
  AdminOnly,
  ChildNotFound,
  NoChildAccess,
  NotLoggedIn,
  requireAdmin,
  requireUser,
} from './shared-errors.js';

const USER_ID = '0b7c6f0e-2f43-4c55-9d0f-5a3f0d1e8b21';

describe('shared errors', () => {
  it('answer the status and the message the spec quotes', () => {
    const answers = [new NotLoggedIn(), new AdminOnly(), new ChildNotFound(), new NoChildAccess()].map(
      (error) => [error.status, error.message],
    );
    expect(answers).toEqual([
      [401, 'You are not logged in'],
      [403, 'You are not allowed to do this'],
      [404, ErrorMessages.childNotFound],
      [403, "You don't have access to this child"],
    ]);
  });
});

describe('requireUser', () => {
  it("answers the caller's user id", () => {
    expect(requireUser({ userId: USER_ID, role: 'PARENT' })).toBe(USER_ID);
  });

  it('refuses an anonymous caller with 401', () => {
    expect(() => requireUser(undefined)).toThrow(NotLoggedIn);
    expect(() => requireUser({ userId: '', role: 'PARENT' })).toThrow(NotLoggedIn);
  });
});

describe('requireAdmin', () => {
  it("answers a platform ADMIN's user id", () => {
    expect(requireAdmin({ userId: USER_ID, role: 'ADMIN' })).toBe(USER_ID);
  });

  it('refuses anyone else with 403, and an anonymous caller with 401', () => {
    expect(() => requireAdmin({ userId: USER_ID, role: 'THERAPIST' })).toThrow(AdminOnly);
    expect(() => requireAdmin(undefined)).toThrow(NotLoggedIn);
  });
});
