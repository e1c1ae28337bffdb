import {
  Loading,
  Navigate,
  postLoginPath,
  readLoginPageState,
  rememberedChildId,
  useGetSessionQuery,
  useLocation,
} from '@aba/web-kit';
import type { ReactNode } from 'react';

/**
 * For /login and /register: a user who is already logged in is sent on the way a login sends them
 * (spec §4: the requested location, else the child's plans, else the add-child page). Only the first
 * session read shows Loading; while the session is read again after a login the form stays put (its
 * own submit handler navigates).
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { data: user, isLoading, isUninitialized } = useGetSessionQuery();
  const location = useLocation();
  if (isLoading || isUninitialized) return <Loading />;
  if (user) {
    const { from } = readLoginPageState(location.state);
    return <Navigate replace to={postLoginPath({ from, childId: rememberedChildId(user) })} />;
  }
  return <>{children}</>;
}
