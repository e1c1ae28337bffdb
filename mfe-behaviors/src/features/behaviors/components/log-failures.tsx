import { formatDateTime, useTranslation } from '@aba/web-kit';
import { ActionError } from '@aba/web-kit/forms';
import { isKeptOnDevice } from '@aba/web-kit/outbox';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { useErrorText } from '../../../lib/use-error-text.js';
import type { PendingLog } from '../hooks/behavior-log-slice.js';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  button: { minHeight: '44px', minWidth: '44px' },
});

export interface LogFailuresProps {
  failures: readonly PendingLog[];
  onRetry: (keys: string[]) => void;
  onDismiss: (keys: string[]) => void;
}

/**
 * Logs the server did not save, one message per behaviour, each saying plainly that they were not saved nor
 * counted (or, when the device keeps them, that they are sent later by themselves), with Retry and Dismiss: a tap is
 * never lost silently. Rendered where the Log button is; it takes the focus
 * when it appears and whenever another log fails.
 */
export function LogFailures({ failures, onRetry, onDismiss }: LogFailuresProps) {
  const { t } = useTranslation('behaviors');
  const errorText = useErrorText();
  const styles = useStyles();
  if (failures.length === 0) return null;
  const byBehavior = new Map<string, PendingLog[]>();
  for (const log of failures) byBehavior.set(log.behaviorId, [...(byBehavior.get(log.behaviorId) ?? []), log]);

  return (
    <div className={styles.list}>
      {[...byBehavior.values()].map((logs) => {
        const last = logs[logs.length - 1];
        const keys = logs.map((log) => log.key);
        const values = { name: last.behaviorName, time: formatDateTime(last.at), error: errorText(last.error) };
        return (
          <ActionError
            key={last.behaviorId}
            focusKey={logs.reduce((sum, log) => sum + log.attempts, 0) + logs.length}
            action={
              <div className={styles.actions}>
                <Button
                  className={styles.button}
                  appearance="primary"
                  aria-label={t('list.retryLabel', { name: last.behaviorName })}
                  onClick={() => onRetry(keys)}
                >
                  {t('retry')}
                </Button>
                <Button
                  className={styles.button}
                  aria-label={t('list.dismissLabel', { name: last.behaviorName })}
                  onClick={() => onDismiss(keys)}
                >
                  {t('list.dismiss')}
                </Button>
              </div>
            }
          >
            {logs.every((log) => isKeptOnDevice(log.error))
              ? logs.length === 1
                ? t('list.logFailedKept', values)
                : t('list.logsFailedKept', { ...values, count: logs.length })
              : logs.length === 1
                ? t('list.logFailed', values)
                : t('list.logsFailed', { ...values, count: logs.length })}
          </ActionError>
        );
      })}
    </div>
  );
}
