// The shell is not a Module Federation build (ADR 0010): nothing has to be negotiated with a federation
// runtime before start-up, so the entry starts the app directly (no async boundary: the page's script tags
// fetch its chunks in parallel). The runtime loads with the first remote route (see @aba/web-kit).
import './bootstrap.js';
