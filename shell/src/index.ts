// Module Federation: the entry only starts the async boundary, so shared modules (React, the router,
// the store, i18n, …) are negotiated with the federation runtime before any of them is used.
import('./bootstrap');
