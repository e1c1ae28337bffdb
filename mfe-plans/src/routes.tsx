import { NotFoundPage } from '@aba/web-kit';
import { Route, Routes } from 'react-router';
import { DashboardPage } from './features/dashboard/components/dashboard-page.js';
import { PlanPage } from './features/plans/components/plan-page.js';
import { SubPlanPage } from './features/sub-plans/components/sub-plan-page.js';

/**
 * Exposed as `plans/routes`. The shell renders it under /child/:id/, so paths are relative to the
 * child: `dashboard`, `plan/…`, `sub-plan/…`. `:id` is read with `useParams()` (the shell's route).
 */
export default function PlansRoutes() {
  return (
    <Routes>
      <Route path="dashboard" element={<DashboardPage />} />
      <Route path="plan/list" element={<PlanPage kind="planList" />} />
      <Route path="plan/create" element={<PlanPage kind="planCreate" />} />
      <Route path="plan/:planId" element={<PlanPage kind="planDetail" />} />
      <Route path="plan/:planId/edit" element={<PlanPage kind="planEdit" />} />
      <Route path="plan/:planId/evaluate" element={<PlanPage kind="planEvaluate" />} />
      <Route path="sub-plan/list" element={<SubPlanPage kind="subPlanList" />} />
      <Route path="sub-plan/create" element={<SubPlanPage kind="subPlanCreate" />} />
      <Route path="sub-plan/:planId" element={<SubPlanPage kind="subPlanDetail" />} />
      <Route path="sub-plan/:planId/edit" element={<SubPlanPage kind="subPlanEdit" />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
