import { AppProviders, BrowserRouter, initI18n, sessionApi, store } from '@aba/web-kit';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { AdminPortal } from './app/admin-portal.js';

// Standalone admin portal: same providers as the shell (here mfe-admin provides the shared singletons).
void initI18n();
store.dispatch(sessionApi.endpoints.getSession.initiate());

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <BrowserRouter>
        <Suspense fallback={null}>
          <AdminPortal />
        </Suspense>
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
