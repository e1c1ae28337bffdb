/**
 * `@aba/web-kit/forms`: form pieces every front end may use. Unlike the main entry this one is NOT a
 * Module Federation singleton: each build bundles (tree-shaken) what it imports, so the pages that show
 * forms pay for the Fluent form components and the first page does not. Anything stateful it needs
 * (the session API, i18n) comes from the shared `@aba/web-kit`.
 */
export {
  ErrorBanner,
  SuccessBanner,
  LoadFailure,
  type BannerProps,
  type LoadFailureProps,
} from './banners.js';
export { ActionError, type ActionErrorProps } from './action-error.js';
export { LoginForm, type LoginFormProps } from './login-form.js';
export { useFormStyles } from './form-styles.js';
export { useDialogExit, DIALOG_EXIT_FALLBACK_MS, type DialogExit } from './dialog-exit.js';
export { SubmitButton } from './submit-button.js';
export { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog.js';
