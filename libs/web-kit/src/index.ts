/**
 * @aba/web-kit: what every front end of the platform shares. A Module Federation singleton: the shell
 * provides it and remotes use the shell's copy, so there is one store, one i18n instance and one
 * remote loader per page.
 */

// The router, the translation hook and Redux Toolkit, for the shell and every remote. These packages are not
// Module Federation shares (a share cannot be tree-shaken): they reach the apps only through this singleton, so a
// page has one router context, one react-i18next binding and one react-redux context, and only what is exported
// here is bundled. Apps never import react-router, react-i18next, i18next, react-redux or @reduxjs/toolkit
// themselves (the build fails: `pluginWebKitOnlyImports` in @aba/federation-build).
export {
  BrowserRouter,
  Link,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
} from 'react-router';
export { useTranslation } from 'react-i18next';
export { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';

// i18n
export {
  SUPPORTED_LANGUAGES,
  DEFAULT_LANGUAGE,
  FALLBACK_LANGUAGE,
  LANGUAGE_STORAGE_KEY,
  LOCALES_LOAD_PATH,
  COMMON_NAMESPACE,
  TRANSLATION_LOADING,
  translationRetryDelays,
  isSupportedLanguage,
  resolveInitialLanguage,
  buildI18nOptions,
  type Language,
} from './i18n/i18n-options.js';
export { i18n, initI18n, changeLanguage, currentLanguage } from './i18n/i18n.js';
export {
  lookupServerError,
  errorMessageOf,
  translateServerError,
  NETWORK_ERROR,
  UNKNOWN_ERROR_KEY,
  type ErrorTranslations,
} from './i18n/server-errors.js';
export { useLanguage, useServerErrorTranslator } from './i18n/hooks.js';

// store and data
export { baseApi } from './store/base-api.js';
export { externalValue, type ExternalValue } from './store/external-value.js';
export { useOfflineCopyTime } from './store/offline-copy.js';
export { readOnce, THROUGH_THE_NETWORK } from './store/read-once.js';
export { listenToChild, useChildChanges, type ChildChange } from './live/child-live.js';
export {
  store,
  rootReducer,
  dynamicMiddleware,
  useAppDispatch,
  useAppSelector,
  useAppStore,
  type LazyLoadedSlices,
  type AppStore,
  type RootState,
  type AppDispatch,
  type AppThunk,
} from './store/store.js';

// session
export {
  sessionApi,
  useGetSessionQuery,
  useLoginMutation,
  useLogoutMutation,
  type LoginCredentials,
} from './session/session-api.js';
export {
  readStoredUser,
  storeLoggedInUser,
  clearStoredUser,
  parseStoredUser,
  STORED_USER_KEY,
  type StoredUser,
} from './session/stored-user.js';
export { isSafeReturnPath, readLoginPageState, type LoginPageState } from './session/post-login.js';
export {
  useSession,
  sessionFromQuery,
  type Session,
  type SessionStatus,
  type SessionQueryState,
} from './session/use-session.js';
export {
  isSessionUser,
  hasRole,
  USER_ROLES,
  type SessionUser,
  type UserRole,
} from './session/session-user.js';
export {
  ProtectedRoute,
  AccessDenied,
  type ProtectedRouteProps,
  type LoginRedirectState,
} from './session/protected-route.js';

// remotes
export {
  parseRemotesConfig,
  splitRemoteRequest,
  RemotesConfigError,
  type RemoteLocation,
  type RemotesConfig,
} from './remotes/remotes-config.js';
export {
  loadRemotesConfig,
  loadRemoteModule,
  setFederationHost,
  RemoteLoadError,
  REMOTES_CONFIG_URL,
  type FederationHostFactory,
} from './remotes/remote-loader.js';
export { RemoteRoutes, type RemoteRoutesModule, type RemoteRoutesProps } from './remotes/remote-routes.js';

// child section: the open child, the no-licence redirect (spec §4)
export {
  LICENCE_MISSING_ERROR,
  NO_LICENCE_MESSAGE,
  BILLING_PATH,
  isLicenceMissing,
  licenceRedirect,
  readBillingPageState,
  type BillingPageState,
  type LicenceRedirect,
} from './child/licence-redirect.js';
export { useLicenceRedirect, useLicenceRedirectHandler } from './child/use-licence-redirect.js';
export { CurrentChildProvider, useCurrentChild } from './child/current-child.js';
export { childApi, childPath, useChildQuery } from './child/child-api.js';
export { useChildPermissions, type ChildPermissions } from './child/child-permissions.js';

// dates as every screen shows them (spec §9)
export { dayOf, formatDate, formatDateTime, formatTime } from './format/dates.js';

// ui
export { AppProviders } from './ui/app-providers.js';
export { Loading, type LoadingProps } from './ui/loading.js';
export { EmptyState } from './ui/empty-state.js';
export { LoadErrorBoundary, LoadError, type LoadErrorBoundaryProps } from './ui/load-error-boundary.js';
export { lazyWithRetry, type LazyWithRetry, type LazyWithRetryOptions } from './ui/lazy-with-retry.js';
export { escapeHtml } from './ui/escape-html.js';
export { PageHeading, PageHeadingLevel, type PageHeadingLevelValue } from './ui/page-heading.js';
export { usePageTitle, composePageTitle, PRODUCT_NAME, refinesPageTitle } from './ui/page-title.js';
export { useChartLang, chartLocale, type ChartLang, type ChartTexts } from './ui/chart-lang.js';
export { NotFoundPage } from './ui/not-found-page.js';
export { TableRegion } from './ui/table-region.js';
export { useTableStyles } from './ui/table-styles.js';
