import { useTranslation } from '@aba/web-kit';
import { ErrorBanner } from '@aba/web-kit/forms';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { formatDateTime } from '../../../lib/format-date.js';
import { useErrorText } from '../../../lib/use-error-text.js';
import type { PendingLog } from '../hooks/behavior-log-slice.js';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, marginBottom: tokens.spacingVerticalM },
});

export interface LogFailuresProps {
  failures: readonly PendingLog[];
  onRetry: (key: string) => void;
  onDismiss: (key: string) => void;
}

/** Logs the server did not save, each with Retry and Dismiss: a tap is never lost silently. */
export function LogFailures({ failures, onRetry, onDismiss }: LogFailuresProps) {
  const { t } = useTranslation('behaviors');
  const errorText = useErrorText();
  const styles = useStyles();
  if (failures.length === 0) return null;
  return (
    <div className={styles.list}>
      {failures.map((log) => (
        <ErrorBanner
          key={log.key}
          className=""
          action={
            <>
              <Button
                appearance="primary"
                size="small"
                aria-label={t('list.retryLabel', { name: log.behaviorName })}
                onClick={() => onRetry(log.key)}
              >
                {t('retry')}
              </Button>
              <Button
                size="small"
                aria-label={t('list.dismissLabel', { name: log.behaviorName })}
                onClick={() => onDismiss(log.key)}
              >
                {t('list.dismiss')}
              </Button>
            </>
          }
        >
          {t('list.logFailed', { name: log.behaviorName, time: formatDateTime(log.at), error: errorText(log.error) })}
        </ErrorBanner>
      ))}
    </div>
  );
}
