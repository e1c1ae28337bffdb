import { NotFoundPage } from '@aba/web-kit';
import { Route, Routes } from 'react-router';
import { DashboardPage } from './features/dashboard/components/dashboard-page.js';
import { EvaluatePage } from './features/evaluate/components/evaluate-page.js';
import { PlanDetailPage } from './features/plan-detail/components/plan-detail-page.js';
import { PlanFormPage } from './features/plan-forms/components/plan-form-page.js';
import { PlanListPage } from './features/plan-lists/components/plan-list-page.js';
import { SubPlanDetailPage } from './features/sub-plan-detail/components/sub-plan-detail-page.js';

/**
 * Exposed as `plans/routes`. The shell renders it under /child/:id/, so paths are relative to the
 * child: `dashboard`, `plan/…`, `sub-plan/…`. `:id` is read with `useParams()` (the shell's route).
 */
export default function PlansRoutes() {
  return (
    <Routes>
      <Route path="dashboard" element={<DashboardPage />} />
      <Route path="plan/list" element={<PlanListPage kind="plan" />} />
      <Route path="plan/create" element={<PlanFormPage kind="plan" mode="create" />} />
      <Route path="plan/:planId" element={<PlanDetailPage />} />
      <Route path="plan/:planId/edit" element={<PlanFormPage kind="plan" mode="edit" />} />
      <Route path="plan/:planId/evaluate" element={<EvaluatePage />} />
      <Route path="sub-plan/list" element={<PlanListPage key="sub-plan" kind="sub-plan" />} />
      <Route path="sub-plan/create" element={<PlanFormPage key="sub-plan" kind="sub-plan" mode="create" />} />
      <Route path="sub-plan/:planId" element={<SubPlanDetailPage />} />
      <Route
        path="sub-plan/:planId/edit"
        element={<PlanFormPage key="sub-plan-edit" kind="sub-plan" mode="edit" />}
      />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
