import { useNavigate, useTranslation } from '@aba/web-kit';
import { ErrorBanner } from '@aba/web-kit/forms';
import { Button, makeStyles } from '@fluentui/react-components';
import { ArrowLeftRegular } from '@fluentui/react-icons';
import { paths } from '../lib/route-paths.js';
import type { PlanKind } from '../lib/tags.js';
import { useTapTargetStyles } from '@aba/web-kit/capture';
import { planErrorKey, useErrorText } from '../lib/use-error-text.js';

const useStyles = makeStyles({ actions: { display: 'flex', flexWrap: 'wrap', gap: '8px' } });

/**
 * A plan or sub-plan page that could not be read: the translated error, the way back to the list, and Retry unless
 * the plan does not exist (issue 13, point 12: "Plan does not exist" offered only Retry).
 */
export function PlanLoadError({
  error,
  kind,
  childId,
  onRetry,
}: {
  error: unknown;
  kind: PlanKind;
  childId: string;
  onRetry: () => void;
}) {
  const { t } = useTranslation('plans');
  const styles = useStyles();
  const tap = useTapTargetStyles();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const key = planErrorKey(error);
  const missing = key === 'planNotFound' || key === 'subPlanNotFound';
  return (
    <ErrorBanner
      action={
        <span className={styles.actions}>
          <Button
            className={tap.target}
            appearance={missing ? 'primary' : 'secondary'}
            icon={<ArrowLeftRegular />}
            onClick={() => navigate(paths.list(childId, kind))}
          >
            {t(kind === 'plan' ? 'loadError.backToPlans' : 'loadError.backToSubPlans')}
          </Button>
          {missing ? null : (
            <Button className={tap.target} appearance="primary" onClick={onRetry}>
              {t('common.retry')}
            </Button>
          )}
        </span>
      }
    >
      {errorText(error)}
    </ErrorBanner>
  );
}
