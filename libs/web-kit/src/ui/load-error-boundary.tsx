import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface LoadErrorBoundaryProps {
  children: ReactNode;
  /** Called when the user presses Retry (after the boundary has cleared its error). */
  onRetry?: () => void;
  /** When this value changes while an error shows (e.g. the path), the boundary retries by itself. */
  resetKey?: unknown;
}

interface State {
  error: unknown;
}

/**
 * Catches a lazily loaded part (a remote, or a page or dialog chunk of any app) that fails to load or render and
 * shows a translated message with a Retry button in its place; the rest of the shell keeps working (React itself
 * logs the caught error to the console). Retry calls `onRetry` (which must arrange a real new attempt: see
 * `lazyWithRetry`) and renders the children again.
 */
export class LoadErrorBoundary extends Component<LoadErrorBoundaryProps, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error ?? new Error('Unknown load failure') };
  }

  override componentDidUpdate(previous: LoadErrorBoundaryProps): void {
    if (this.state.error && !Object.is(previous.resetKey, this.props.resetKey)) this.retry();
  }

  retry = (): void => {
    this.setState({ error: null });
    this.props.onRetry?.();
  };

  override render(): ReactNode {
    if (this.state.error) return <LoadError onRetry={this.retry} />;
    return this.props.children;
  }
}

const useStyles = makeStyles({
  box: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorStatusDangerBorder1}`,
    backgroundColor: tokens.colorStatusDangerBackground1,
    color: tokens.colorNeutralForeground1,
  },
  message: { margin: 0 },
});

/** The translated failure message with its Retry button. */
export function LoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('common');
  const styles = useStyles();
  return (
    <div className={styles.box}>
      <p role="alert" className={styles.message}>
        {t('remote.error')}
      </p>
      <Button appearance="primary" onClick={onRetry}>
        {t('remote.retry')}
      </Button>
    </div>
  );
}
