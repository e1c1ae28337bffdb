import { NotFoundPage, ProtectedRoute, RemoteRoutes } from '@aba/web-kit';
import { Route, Routes } from 'react-router';
import { ChildSection } from './child/child-section.js';
import { ShellLayout } from './layout/shell-layout.js';
import { LandingPage } from './pages/landing-page.js';
import { PlaceholderPage } from './pages/placeholder-page.js';

/**
 * The route table (spec §2). Public: /, /login, /register, /terms. Everything else needs a session;
 * /admin/* also the ADMIN role. Remote routes load their remote only when opened:
 *   plans     → /child/:id/dashboard, /child/:id/plan/*, /child/:id/sub-plan/*
 *   behaviors → /child/:id/behaviors, /child/:id/behavior/:behaviorId
 *   billing   → /billing/*            admin → /admin/* (subscriptions, users)
 */
export function App() {
  return (
    <Routes>
      <Route element={<ShellLayout />}>
        <Route index element={<LandingPage />} />
        <Route path="login" element={<PlaceholderPage titleKey="login.title" />} />
        <Route path="register" element={<PlaceholderPage titleKey="register.title" />} />
        <Route path="terms" element={<PlaceholderPage titleKey="terms.title" />} />
        <Route
          path="child/create"
          element={
            <ProtectedRoute>
              <PlaceholderPage titleKey="childCreate.title" />
            </ProtectedRoute>
          }
        />
        <Route
          path="child/list"
          element={
            <ProtectedRoute>
              <PlaceholderPage titleKey="childList.title" />
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
