import {
  lazyWithRetry,
  Loading,
  Navigate,
  NotFoundPage,
  RemoteRoutes,
  Route,
  Routes,
  useParams,
} from '@aba/web-kit';
import { Suspense } from 'react';
import { childSectionOwner } from '../../../lib/child-routes.js';
import { ChildFrame } from './child-frame.js';

// The helpers pages load when opened: a remote's page (plans, behaviours) does not fetch their lists and dialogs.
const HelpersPage = lazyWithRetry(() =>
  import('./helpers-page.js').then((m) => ({ default: m.HelpersPage })),
);
const SessionsPage = lazyWithRetry(() =>
  import('./sessions-page.js').then((m) => ({ default: m.SessionsPage })),
);
const NeedsAttentionPage = lazyWithRetry(() =>
  import('./needs-attention-page.js').then((m) => ({ default: m.NeedsAttentionPage })),
);
const ConsentPage = lazyWithRetry(() => import('./consent-page.js').then((m) => ({ default: m.ConsentPage })));
const AuditPage = lazyWithRetry(() => import('./audit-page.js').then((m) => ({ default: m.AuditPage })));
const ReportsPage = lazyWithRetry(() => import('./reports-page.js').then((m) => ({ default: m.ReportsPage })));

/**
 * Everything under /child/:id/, inside the child frame (the child's name, the error view, the no-licence
 * redirect). Remotes mounted here see `/child/:id` as their base, so their routes
 * are relative to it (plans: `dashboard`, `plan/*`, `sub-plan/*`, `item/*`; behaviors: `behaviors`,
 * `behavior/:behaviorId`). Coordinators, therapists, sessions, the reports, the captures to check, the consent and
 * the audit trail stay in the shell.
 */
export function ChildSection() {
  const params = useParams();
  const childId = params.id ?? '';
  const rest = params['*'] ?? '';
  if (rest === '' || rest === '/') return <Navigate to="dashboard" replace />;
  const owner = childSectionOwner(rest);
  if (owner === null) return <NotFoundPage />;
  return (
    <ChildFrame key={childId} childId={childId}>
      {owner === 'shell' ? (
        <Suspense fallback={<Loading />}>
          <Routes>
            <Route path="coordinators" element={<HelpersPage accessType="ADMIN" />} />
            <Route path="therapists" element={<HelpersPage accessType="THERAPIST" />} />
            <Route path="sessions" element={<SessionsPage />} />
            <Route path="needs-attention" element={<NeedsAttentionPage />} />
            <Route path="consent" element={<ConsentPage />} />
            <Route path="audit" element={<AuditPage />} />
            <Route path="reports" element={<ReportsPage />} />
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
        </Suspense>
      ) : (
        <RemoteRoutes key={owner} remote={owner} />
      )}
    </ChildFrame>
  );
}
