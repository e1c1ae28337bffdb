import { MessageBar, MessageBarActions, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';

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
