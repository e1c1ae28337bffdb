import { AppProviders, BrowserRouter, initI18n, sessionApi, setFederationHost, store } from '@aba/web-kit';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.js';
import { startChatWidget } from './features/chat/utils/chat-widget.js';
import { startStaleModalGuard } from './app/layout/stale-modal-guard.js';
import { startServiceWorker } from './app/service-worker/registration.js';

// The Module Federation host (runtime + the shell's shared modules) loads with the first remote route (ADR 0010).
setFederationHost(() => import('./app/federation-host.js').then((m) => m.createFederationHost()));

// Start loading translations and the session in parallel, before the first render needs them.
void initI18n();
store.dispatch(sessionApi.endpoints.getSession.initiate());

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
startStaleModalGuard(container);

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <BrowserRouter>
        {/* Nothing to show (and no text to show it in) until the `common` translations are in. */}
        <Suspense fallback={null}>
          <App />
        </Suspense>
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);

// The app opens with no network once the service worker is in (ADR 0039).
startServiceWorker();

// Spec §1: the live-chat widget on every page (reads /config.json; the script loads async, never blocking).
void startChatWidget();
