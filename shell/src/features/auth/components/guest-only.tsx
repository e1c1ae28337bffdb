import { Loading, Navigate, readLoginPageState, useGetSessionQuery, useLocation } from '@aba/web-kit';
import { postLoginPath, rememberedChildId } from '../utils/post-login.js';
import type { ReactNode } from 'react';

/**
 * For /login and /register: a user who is already logged in is sent on the way a login sends them
 * (spec §4: the requested location, else the child's plans, else the role's home, `postLoginPath`). Only the first
 * session read shows Loading; while the session is read again after a login the form stays put (its
 * own submit handler navigates).
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { data: user, isLoading, isUninitialized } = useGetSessionQuery();
  const location = useLocation();
  if (isLoading || isUninitialized) return <Loading />;
  if (user) {
    const { from } = readLoginPageState(location.state);
    return (
      <Navigate replace to={postLoginPath({ from, childId: rememberedChildId(user), role: user.role })} />
    );
  }
  return <>{children}</>;
}
