import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { Loading } from '../ui/loading.js';
import { PageHeading } from '../ui/page-heading.js';
import { hasRole, type UserRole } from './session-user.js';
import { useSession } from './use-session.js';

/** Navigation state the protected-route wrapper passes to /login. */
export interface LoginRedirectState {
  /** Path (with search and hash) the user asked for; /login returns there after signing in. */
  from: string;
}

export interface ProtectedRouteProps {
  children: ReactNode;
  /** Role (or any of several roles) the content needs; without it any logged-in user passes. */
  role?: UserRole | readonly UserRole[];
}

/**
 * Spec §2: while the session loads it shows Loading; with no user it redirects to /login passing the
 * current path (`state.from`); when a role is required the content shows only to that role (others see
 * a translated "no access" page).
 */
export function ProtectedRoute({ children, role }: ProtectedRouteProps) {
  const session = useSession();
  const location = useLocation();
  if (session.status === 'loading') return <Loading />;
  if (session.status === 'logged-out') {
    const state: LoginRedirectState = { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to="/login" replace state={state} />;
  }
  if (!hasRole(session.user, role)) return <AccessDenied />;
  return <>{children}</>;
}

export function AccessDenied() {
  const { t } = useTranslation('common');
  return (
    <section>
      <PageHeading>{t('accessDenied.title')}</PageHeading>
      <p>{t('accessDenied.text')}</p>
    </section>
  );
}
