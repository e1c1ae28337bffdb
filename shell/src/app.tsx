import { lazyWithRetry, NotFoundPage, ProtectedRoute, RemoteRoutes, Route, Routes } from '@aba/web-kit';
import { ShellLayout } from './app/layout/shell-layout.js';
import { LandingPage } from './app/pages/landing-page.js';

// The account pages and the terms load when opened (the layout's Suspense shows Loading meanwhile): the first page
// does not pay for the form components, the validation rules or the legal text. A chunk that fails to load shows
// the translated error with Retry in the page's place.
const LoginPage = lazyWithRetry(() => import('./features/auth/components/login-page.js').then((m) => ({ default: m.LoginPage })));
const RegisterPage = lazyWithRetry(() =>
  import('./features/auth/components/register-page.js').then((m) => ({ default: m.RegisterPage })),
);
const ResetPasswordPage = lazyWithRetry(() =>
  import('./features/auth/components/reset-password-page.js').then((m) => ({ default: m.ResetPasswordPage })),
);
const SetPasswordPage = lazyWithRetry(() =>
  import('./features/auth/components/set-password-page.js').then((m) => ({ default: m.SetPasswordPage })),
);
const ActivatePage = lazyWithRetry(() =>
  import('./features/auth/components/activate-page.js').then((m) => ({ default: m.ActivatePage })),
);
const TermsPage = lazyWithRetry(() =>
  import('./app/pages/terms-page.js').then((m) => ({ default: m.TermsPage })),
);
// The children pages and the child frame load when opened too (they bring the contracts' rules and dialogs).
const ChildCreatePage = lazyWithRetry(() =>
  import('./features/child/components/child-create-page.js').then((m) => ({ default: m.ChildCreatePage })),
);
const OutboxPage = lazyWithRetry(() =>
  import('./features/child/components/outbox-page.js').then((m) => ({ default: m.OutboxPage })),
);
const ChildListPage = lazyWithRetry(() =>
  import('./features/child/components/child-list-page.js').then((m) => ({ default: m.ChildListPage })),
);
const ChildSection = lazyWithRetry(() =>
  import('./features/child/components/child-section.js').then((m) => ({ default: m.ChildSection })),
);
// The user's own account (issue 17), loaded when opened.
const AccountPage = lazyWithRetry(() =>
  import('./features/account/components/account-page.js').then((m) => ({ default: m.AccountPage })),
);
const ConfirmEmailPage = lazyWithRetry(() =>
  import('./features/auth/components/confirm-email-page.js').then((m) => ({ default: m.ConfirmEmailPage })),
);

/**
 * The route table (spec §2). Public: /, /login, /register(/:token), /reset-password,
 * /token/reset-password/:token, /token/activate-user/:token, /token/confirm-email/:token, /terms. Everything else (/account included) needs a session;
 * /admin/* also the ADMIN role. Remote routes load their remote only when opened:
 *   plans     → /child/:id/dashboard, /child/:id/plan/*, /child/:id/sub-plan/*, /child/:id/item/*
 *   behaviors → /child/:id/behaviors, /child/:id/behavior/:behaviorId
 *   billing   → /billing/*            admin → /admin/* (subscriptions, users)
 */
export function App() {
  return (
    <Routes>
      <Route element={<ShellLayout />}>
        <Route index element={<LandingPage />} />
        <Route path="login" element={<LoginPage />} />
        <Route path="register" element={<RegisterPage />} />
        <Route path="register/:token" element={<RegisterPage />} />
        <Route path="reset-password" element={<ResetPasswordPage />} />
        <Route path="token/reset-password/:token" element={<SetPasswordPage />} />
        <Route path="token/activate-user/:token" element={<ActivatePage />} />
        <Route path="token/confirm-email/:token" element={<ConfirmEmailPage />} />
        <Route path="terms" element={<TermsPage />} />
        <Route
          path="child/create"
          element={
            <ProtectedRoute>
              <ChildCreatePage />
            </ProtectedRoute>
          }
        />
        <Route
          path="outbox"
          element={
            <ProtectedRoute>
              <OutboxPage />
            </ProtectedRoute>
          }
        />
        <Route
          path="account"
          element={
            <ProtectedRoute>
              <AccountPage />
            </ProtectedRoute>
          }
        />
        <Route
          path="child/list"
          element={
            <ProtectedRoute>
              <ChildListPage />
            </ProtectedRoute>
          }
        />
        <Route
          path="child/:id/*"
          element={
            <ProtectedRoute>
              <ChildSection />
            </ProtectedRoute>
          }
        />
        <Route
          path="billing/*"
          element={
            <ProtectedRoute>
              <RemoteRoutes remote="billing" />
            </ProtectedRoute>
          }
        />
        <Route
          path="admin/*"
          element={
            <ProtectedRoute role="ADMIN">
              <RemoteRoutes remote="admin" />
            </ProtectedRoute>
          }
        />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
