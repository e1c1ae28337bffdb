import { NotFoundPage } from '@aba/web-kit';
import { Navigate, Route, Routes } from 'react-router';
import { SubscriptionsPage } from './features/subscriptions/components/subscriptions-page.js';
import { UsersPage } from './features/users/components/users-page.js';

/**
 * Exposed as `admin/routes`; rendered under /admin/ by the shell (behind the ADMIN role) and by the
 * standalone admin portal.
 */
export default function AdminRoutes() {
  return (
    <Routes>
      <Route index element={<Navigate to="subscriptions" replace />} />
      <Route path="subscriptions" element={<SubscriptionsPage />} />
      <Route path="users" element={<UsersPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
