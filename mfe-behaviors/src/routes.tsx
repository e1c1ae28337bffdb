import { lazyWithRetry, Loading, NotFoundPage, Route, Routes, useParams } from '@aba/web-kit';
import { Suspense } from 'react';
import { useBehaviorsLiveUpdates } from './lib/live-behaviors.js';

/** What the service worker keeps of a child's pages on a phone that never opened them (ADR 0039). */
export { keepChildCopies } from './app/child-copies.js';

// Each page loads when it is opened (the list does not fetch the detail page's chart and ABC log); a page that fails
// to load shows the translated error with Retry.
const BehaviorDetailPage = lazyWithRetry(() =>
  import('./features/behaviors/components/behavior-detail-page.js').then((m) => ({
    default: m.BehaviorDetailPage,
  })),
);
const BehaviorsPage = lazyWithRetry(() =>
  import('./app/behaviors-page.js').then((m) => ({ default: m.BehaviorsPage })),
);

/** Exposed as `behaviors/routes`; the shell renders it under /child/:id/. */
export default function BehaviorsRoutes() {
  useBehaviorsLiveUpdates(useParams().id ?? '');
  return (
    <Suspense fallback={<Loading />}>
      <Routes>
        <Route path="behaviors" element={<BehaviorsPage />} />
        <Route path="behavior/:behaviorId" element={<BehaviorDetailPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
