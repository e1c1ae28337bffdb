import {
  Button,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import type { ReactNode } from 'react';
// The page's one i18next binding: this entry is bundled per build, so it reaches it through the shared package.
import { useTranslation } from '@aba/web-kit';

const useStyles = makeStyles({
  banner: { marginBottom: tokens.spacingVerticalM },
  body: { whiteSpace: 'normal' },
});

export interface BannerProps {
  children: ReactNode;
  /** E.g. a Retry button, shown at the banner's end. */
  action?: ReactNode;
  className?: string;
}

/** The red error banner (`role="alert"`, so it is announced and tests find it by role). */
export function ErrorBanner({ children, action, className }: BannerProps) {
  const styles = useStyles();
  return (
    <MessageBar intent="error" role="alert" layout="multiline" className={className ?? styles.banner}>
      <MessageBarBody className={styles.body}>{children}</MessageBarBody>
      {action ? <MessageBarActions>{action}</MessageBarActions> : null}
    </MessageBar>
  );
}

/** The green success banner (`role="status"`). */
export function SuccessBanner({ children, action, className }: BannerProps) {
  const styles = useStyles();
  return (
    <MessageBar intent="success" role="status" layout="multiline" className={className ?? styles.banner}>
      <MessageBarBody className={styles.body}>{children}</MessageBarBody>
      {action ? <MessageBarActions>{action}</MessageBarActions> : null}
    </MessageBar>
  );
}

export interface LoadFailureProps {
  /** The failed read's translated message. */
  children: ReactNode;
  onRetry: () => void;
  /** While the read runs again: Retry waits (still focusable). */
  retrying?: boolean;
}

/** A read that failed: its message in the red banner with a Retry button (`common:actions.retry`). */
export function LoadFailure({ children, onRetry, retrying = false }: LoadFailureProps) {
  const { t } = useTranslation('common');
  return (
    <ErrorBanner
      action={
        <Button appearance="primary" size="small" disabledFocusable={retrying} onClick={onRetry}>
          {t('actions.retry')}
        </Button>
      }
    >
      {children}
    </ErrorBanner>
  );
}
