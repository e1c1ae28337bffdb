import { NotFoundPage } from '@aba/web-kit';
import { Route, Routes } from 'react-router';
import { BehaviorDetailPage } from './pages/behavior-detail-page.js';
import { BehaviorsPage } from './pages/behaviors-page.js';

/** Exposed as `behaviors/routes`; the shell renders it under /child/:id/. */
export default function BehaviorsRoutes() {
  return (
    <Routes>
      <Route path="behaviors" element={<BehaviorsPage />} />
      <Route path="behavior/:behaviorId" element={<BehaviorDetailPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
