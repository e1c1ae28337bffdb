import { NotFoundPage } from '@aba/web-kit';
import { Route, Routes } from 'react-router';
import { BehaviorPage } from './features/behaviors/components/behavior-page.js';

/** Exposed as `behaviors/routes`; the shell renders it under /child/:id/. */
export default function BehaviorsRoutes() {
  return (
    <Routes>
      <Route path="behaviors" element={<BehaviorPage kind="list" />} />
      <Route path="behavior/:behaviorId" element={<BehaviorPage kind="detail" />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
