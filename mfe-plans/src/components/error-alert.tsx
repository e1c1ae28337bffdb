import { useTranslation } from '@aba/web-kit';
import { ErrorBanner } from '@aba/web-kit/forms';
import { Button } from '@fluentui/react-components';
import { useErrorText } from '../lib/use-error-text.js';

/** The red alert (`role="alert"`) with a failed call's translated message, and an optional Retry. */
export function ErrorAlert({
  error,
  onRetry,
  onDismiss,
}: {
  error: unknown;
  onRetry?: () => void;
  onDismiss?: () => void;
}) {
  const { t } = useTranslation('plans');
  const errorText = useErrorText();
  if (error == null) return null;
  const action = onRetry ? (
    <Button appearance="primary" size="small" onClick={onRetry}>
      {t('common.retry')}
    </Button>
  ) : onDismiss ? (
    <Button size="small" onClick={onDismiss}>
      {t('common.dismiss')}
    </Button>
  ) : undefined;
  return <ErrorBanner action={action}>{errorText(error)}</ErrorBanner>;
}
