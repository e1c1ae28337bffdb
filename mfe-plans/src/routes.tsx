import { lazyWithRetry, Loading, NotFoundPage, Route, Routes } from '@aba/web-kit';
import { Suspense } from 'react';
import { usePlansLiveUpdates } from './lib/live-plans.js';
import { useChildId } from './lib/use-child.js';

/** What the service worker keeps of a child's pages on a phone that never opened them (ADR 0039). */
export { keepChildCopies } from './app/child-copies.js';

// Each page loads when it is opened: the dashboard does not fetch the plan forms, a list does not fetch the
// evaluation flow. Navigations are transitions, so the page being left stays up while the next one loads; a page
// that fails to load shows the translated error with Retry.
const DashboardPage = lazyWithRetry(() =>
  import('./features/dashboard/components/dashboard-page.js').then((m) => ({ default: m.DashboardPage })),
);
const EvaluatePage = lazyWithRetry(() =>
  import('./features/evaluate/components/evaluate-page.js').then((m) => ({ default: m.EvaluatePage })),
);
const ItemProgressPage = lazyWithRetry(() =>
  import('./features/item-progress/components/item-progress-page.js').then((m) => ({
    default: m.ItemProgressPage,
  })),
);
const PlanDetailPage = lazyWithRetry(() =>
  import('./features/plan-detail/components/plan-detail-page.js').then((m) => ({
    default: m.PlanDetailPage,
  })),
);
const PlanFormPage = lazyWithRetry(() =>
  import('./features/plan-forms/components/plan-form-page.js').then((m) => ({ default: m.PlanFormPage })),
);
const PlanListPage = lazyWithRetry(() =>
  import('./features/plan-lists/components/plan-list-page.js').then((m) => ({ default: m.PlanListPage })),
);
const SubPlanDetailPage = lazyWithRetry(() =>
  import('./features/sub-plan-detail/components/sub-plan-detail-page.js').then((m) => ({
    default: m.SubPlanDetailPage,
  })),
);
const ToConfirmPage = lazyWithRetry(() =>
  import('./features/to-confirm/components/to-confirm-page.js').then((m) => ({ default: m.ToConfirmPage })),
);

/**
 * Exposed as `plans/routes`. The shell renders it under /child/:id/, so paths are relative to the
 * child: `dashboard`, `plan/…`, `sub-plan/…`, `item/…`, `to-confirm`. `:id` is read with `useParams()` (the shell's route).
 */
export default function PlansRoutes() {
  usePlansLiveUpdates(useChildId());
  return (
    <Suspense fallback={<Loading />}>
      <Routes>
        <Route path="dashboard" element={<DashboardPage />} />
        <Route path="plan/list" element={<PlanListPage kind="plan" />} />
        <Route path="plan/create" element={<PlanFormPage kind="plan" mode="create" />} />
        <Route path="plan/:planId" element={<PlanDetailPage />} />
        <Route path="plan/:planId/edit" element={<PlanFormPage kind="plan" mode="edit" />} />
        <Route path="plan/:planId/evaluate" element={<EvaluatePage />} />
        <Route path="sub-plan/list" element={<PlanListPage key="sub-plan" kind="sub-plan" />} />
        <Route
          path="sub-plan/create"
          element={<PlanFormPage key="sub-plan" kind="sub-plan" mode="create" />}
        />
        <Route path="sub-plan/:planId" element={<SubPlanDetailPage />} />
        <Route
          path="sub-plan/:planId/edit"
          element={<PlanFormPage key="sub-plan-edit" kind="sub-plan" mode="edit" />}
        />
        <Route path="item/:itemId" element={<ItemProgressPage />} />
        <Route path="to-confirm" element={<ToConfirmPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
