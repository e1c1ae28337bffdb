import { lazyWithRetry, Link, Loading, PageHeading, useLicenceRedirect, useTranslation } from '@aba/web-kit';
import { ErrorBanner, LoadFailure } from '@aba/web-kit/forms';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { AddCircleRegular, ArrowLeftRegular } from '@fluentui/react-icons';
import { Suspense } from 'react';
import { useErrorText } from '../../../lib/use-error-text.js';
import { useBehaviorQuery } from '../api/get-behavior.js';
import { useBehaviorLogger } from '../hooks/use-behavior-logger.js';
import { useLoggingTaps } from '../hooks/use-logging-taps.js';
import { DoubleTapDialog } from './double-tap-dialog.js';
import { LogFailures } from './log-failures.js';

// Highcharts is loaded only when a chart is shown.
const FrequencyChart = lazyWithRetry(() => import('./frequency-chart.js'));

const useStyles = makeStyles({
  back: {
    display: 'inline-flex',
    alignItems: 'center',
    minHeight: '44px',
    gap: tokens.spacingHorizontalXS,
    marginBottom: tokens.spacingVerticalM,
    color: tokens.colorBrandForegroundLink,
    ':focus-visible': {
      outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`,
      borderRadius: '2px',
    },
  },
  description: { margin: `0 0 ${tokens.spacingVerticalL}`, whiteSpace: 'pre-wrap', wordBreak: 'break-word' },
  noDescription: { margin: `0 0 ${tokens.spacingVerticalL}`, color: tokens.colorNeutralForeground3 },
  card: {
    padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    minWidth: 0,
  },
  cardHeader: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    marginBottom: tokens.spacingVerticalM,
  },
  chartTitle: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  log: { minHeight: '44px' },
  failures: { marginBottom: tokens.spacingVerticalM },
});

export interface BehaviorDetailProps {
  childId: string;
  behaviorId: string;
  canEvaluate: boolean;
}

/** /child/{id}/behavior/{behaviorId}: name, description and the frequency-per-day chart; logging from here too. */
export function BehaviorDetail({ childId, behaviorId, canEvaluate }: BehaviorDetailProps) {
  const { t } = useTranslation('behaviors');
  const styles = useStyles();
  const errorText = useErrorText();
  const { data, error, isLoading, refetch } = useBehaviorQuery(behaviorId, { skip: !behaviorId });
  const logger = useBehaviorLogger(childId);
  const taps = useLoggingTaps(logger.log);
  const unsaved = logger.failures.filter((log) => log.behaviorId === behaviorId);
  const redirecting = useLicenceRedirect(error);
  const backLink = (
    <Link className={styles.back} to={`/child/${encodeURIComponent(childId)}/behaviors`}>
      <ArrowLeftRegular aria-hidden />
      {t('detail.back')}
    </Link>
  );

  if (redirecting) return <Loading />;
  if (isLoading) {
    return (
      <section>
        <PageHeading>{t('detail.title')}</PageHeading>
        <Loading label={t('detail.loading')} />
      </section>
    );
  }
  if (error || !data) {
    return (
      <section>
        <PageHeading>{t('detail.title')}</PageHeading>
        {backLink}
        <LoadFailure onRetry={() => void refetch()}>{errorText(error)}</LoadFailure>
      </section>
    );
  }
  const { behavior, behavior_tracking: tracking } = data;
  if (behavior.child_id !== childId) {
    return (
      <section>
        <PageHeading>{t('detail.title')}</PageHeading>
        {backLink}
        <ErrorBanner>{t('detail.wrongChild')}</ErrorBanner>
      </section>
    );
  }

  return (
    <section>
      <PageHeading>{behavior.name}</PageHeading>
      {backLink}
      {behavior.description ? (
        <p className={styles.description}>{behavior.description}</p>
      ) : (
        <p className={styles.noDescription}>{t('detail.noDescription')}</p>
      )}
      <div className={styles.card}>
        <div className={styles.cardHeader}>
          <h3 className={styles.chartTitle}>{t('detail.chartTitle')}</h3>
          {canEvaluate ? (
            <Button
              className={styles.log}
              appearance="primary"
              icon={<AddCircleRegular />}
              aria-label={t('list.logLabel', { name: behavior.name })}
              onClick={(event) => taps.tap(behavior, event.timeStamp)}
            >
              {t('list.log')}
            </Button>
          ) : null}
        </div>
        {unsaved.length > 0 ? (
          <div className={styles.failures}>
            <LogFailures
              failures={unsaved}
              onRetry={(keys) => keys.forEach(logger.retry)}
              onDismiss={(keys) => keys.forEach(logger.dismiss)}
            />
          </div>
        ) : null}
        <Suspense fallback={<Loading label={t('detail.chartLoading')} />}>
          <FrequencyChart name={behavior.name} tracking={tracking} />
        </Suspense>
      </div>
      <DoubleTapDialog behavior={taps.asking} onAnswer={taps.answer} />
    </section>
  );
}
