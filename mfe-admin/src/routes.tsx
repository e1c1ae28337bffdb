import { lazyWithRetry, Loading, Navigate, NotFoundPage, Route, Routes } from '@aba/web-kit';
import { Suspense } from 'react';

// Each page loads when it is opened; a page that fails to load shows the translated error with Retry.
const SubscriptionsPage = lazyWithRetry(() =>
  import('./features/subscriptions/components/subscriptions-page.js').then((m) => ({
    default: m.SubscriptionsPage,
  })),
);
const UsersPage = lazyWithRetry(() =>
  import('./features/users/components/users-page.js').then((m) => ({ default: m.UsersPage })),
);

/**
 * Exposed as `admin/routes`; rendered under /admin/ by the shell (behind the ADMIN role) and by the
 * standalone admin portal.
 */
export default function AdminRoutes() {
  return (
    <Suspense fallback={<Loading />}>
      <Routes>
        <Route index element={<Navigate to="subscriptions" replace />} />
        <Route path="subscriptions" element={<SubscriptionsPage />} />
        <Route path="users" element={<UsersPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
