import { NotFoundPage, RemoteRoutes } from '@aba/web-kit';
import { Navigate, Route, Routes, useParams } from 'react-router';
import { PlaceholderPage } from '../pages/placeholder-page.js';
import { childSectionOwner } from '../routing/child-routes.js';

/**
 * Everything under /child/:id/. Remotes mounted here see `/child/:id` as their base, so their routes
 * are relative to it (plans: `dashboard`, `plan/*`, `sub-plan/*`; behaviors: `behaviors`,
 * `behavior/:behaviorId`). Coordinators and therapists stay in the shell.
 */
export function ChildSection() {
  const rest = useParams()['*'] ?? '';
  if (rest === '' || rest === '/') return <Navigate to="dashboard" replace />;
  const owner = childSectionOwner(rest);
  if (owner === 'plans' || owner === 'behaviors') return <RemoteRoutes key={owner} remote={owner} />;
  if (owner === 'shell') {
    return (
      <Routes>
        <Route path="coordinators" element={<PlaceholderPage titleKey="coordinators.title" />} />
        <Route path="therapists" element={<PlaceholderPage titleKey="therapists.title" />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    );
  }
  return <NotFoundPage />;
}
