import { AppProviders, initI18n, sessionApi, store } from '@aba/web-kit';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app.js';
import { startChatWidget } from './chat/chat-widget.js';
import { startStaleModalGuard } from './layout/stale-modal-guard.js';

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

// Spec §1: the live-chat widget on every page (reads /config.json; the script loads async, never blocking).
void startChatWidget();
