import { mayOnChild, type ItemProgressResponse } from '@aba/contracts/api';
import { ruleFor } from '@aba/mastery';
import {
  EmptyState,
  formatDateTime,
  lazyWithRetry,
  Link,
  Loading,
  PageHeading,
  useChildPermissions,
  useLanguage,
  useLicenceRedirect,
  useParams,
  useTranslation,
} from '@aba/web-kit';
import { ErrorBanner, LoadFailure } from '@aba/web-kit/forms';
import { useTapTargetStyles } from '@aba/web-kit/capture';
import {
  Button,
  makeStyles,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  Radio,
  RadioGroup,
  ToggleButton,
  tokens,
} from '@fluentui/react-components';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { useSetPlanItemStatusMutation } from '../../../lib/api/set-item-status.js';
import { CriterionSection } from '../../../lib/criterion/criterion-editor.js';
import { ruleText } from '../../../lib/criterion/rule-text.js';
import { paths } from '../../../lib/route-paths.js';
import { PlansToaster } from '../../../lib/toaster.js';
import { useChildId } from '../../../lib/use-child.js';
import { useErrorText } from '../../../lib/use-error-text.js';
import { useItemProgressQuery } from '../api/get-item-progress.js';
import { buildProgressSeries, GRANULARITIES, type Granularity } from '../utils/progress-series.js';
import { ProgressTable } from './progress-table.js';
import { StatusHistory } from './status-history.js';

// Highcharts is big: it is a chunk of its own (as the dashboard's), loaded while the progress is fetched.
const ProgressChart = lazyWithRetry(() => import('./progress-chart.js'));

const useStyles = makeStyles({
  page: { minWidth: 0, display: 'grid', gap: tokens.spacingVerticalL },
  section: { minWidth: 0, display: 'grid', gap: tokens.spacingVerticalS },
  subheading: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  text: { margin: 0, overflowWrap: 'anywhere' },
  rules: { margin: 0, paddingLeft: tokens.spacingHorizontalXL },
  controls: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  radio: { minHeight: '44px', alignItems: 'center' },
  streak: { fontWeight: tokens.fontWeightSemibold, margin: 0 },
  trend: { margin: 0, color: tokens.colorNeutralForeground2 },
});

/** /child/{id}/item/{itemId} (issue 15): how an item progresses towards mastery, and why it moved or not yet. */
export function ItemProgressPage() {
  const { t } = useTranslation('plans');
  const styles = useStyles();
  const errorText = useErrorText();
  const childId = useChildId();
  const itemId = useParams().itemId ?? '';
  const { language } = useLanguage();
  const { currentData, error, isFetching, refetch } = useItemProgressQuery({ itemId, language });
  useEffect(() => ProgressChart.preload(), []);
  const redirecting = useLicenceRedirect(error);

  if (redirecting) return <Loading announced label={t('common.loading')} />;
  return (
    <section className={styles.page}>
      <PlansToaster />
      <PageHeading>{currentData ? currentData.item.description : t('progress.title')}</PageHeading>
      {error ? <LoadFailure onRetry={() => void refetch()}>{errorText(error)}</LoadFailure> : null}
      {isFetching && !currentData ? <Loading announced label={t('progress.loading')} /> : null}
      {currentData ? <ItemProgressView progress={currentData} childId={childId} /> : null}
    </section>
  );
}

function ItemProgressView({ progress, childId }: { progress: ItemProgressResponse; childId: string }) {
  const { t } = useTranslation('plans');
  const styles = useStyles();
  const { item, criterion, points, phases, trend } = progress;
  const rule = ruleFor(item.status, criterion);
  const { canEdit } = useChildPermissions(childId);
  return (
    <>
      <div className={styles.section}>
        <p className={styles.text}>{t('progress.status', { status: t(`itemStatus.${item.status}`) })}</p>
        <p className={styles.text}>{t(`progress.source.${criterion.source}`)}</p>
        <ul className={styles.rules}>
          <li>{t('progress.step.toGeneralization', { rule: ruleText(t, criterion.to_generalization) })}</li>
          <li>{t('progress.step.toFinished', { rule: ruleText(t, criterion.to_finished) })}</li>
        </ul>
        {progress.pending_suggestion ? (
          <p className={styles.text}>
            {t('progress.pending')}{' '}
            {canEdit ? <Link to={paths.toConfirm(childId)}>{t('toConfirm.title')}</Link> : null}
          </p>
        ) : null}
      </div>
      <CriterionSection
        level={{ kind: 'item', itemId: item.id }}
        canEdit={canEdit}
        title={t('criterion.title')}
      />
      <LateData progress={progress} childId={childId} />
      <WhyPanel progress={progress} />
      {points.length === 0 ? (
        <EmptyState>{t('progress.empty')}</EmptyState>
      ) : (
        <Graph progress={progress} aim={rule ? rule.threshold_pct : null} />
      )}
      {trend && points.length > 0 ? <p className={styles.trend}>{trend.text}</p> : null}
      <section className={styles.section} aria-labelledby="progress-history">
        <h3 id="progress-history" className={styles.subheading}>
          {t('progress.history.title')}
        </h3>
        <StatusHistory phases={phases} />
      </section>
    </>
  );
}

function WhyPanel({ progress }: { progress: ItemProgressResponse }) {
  const { t } = useTranslation('plans');
  const styles = useStyles();
  const { explanation } = progress;
  return (
    <section className={styles.section} aria-labelledby="progress-why">
      <h3 id="progress-why" className={styles.subheading}>
        {t('progress.why.title')}
      </h3>
      <p className={styles.text} data-testid="progress-explanation">
        {explanation.text}
      </p>
      {explanation.needed > 0 ? (
        <p className={styles.streak}>
          {t('progress.why.streak', { streak: explanation.streak, needed: explanation.needed })}
          {explanation.people_needed > 1
            ? ` · ${t('progress.why.people', { people: explanation.people, needed: explanation.people_needed })}`
            : ''}
        </p>
      ) : null}
    </section>
  );
}

function LateData({ progress, childId }: { progress: ItemProgressResponse; childId: string }) {
  const { t } = useTranslation('plans');
  const errorText = useErrorText();
  const tap = useTapTargetStyles();
  const { relation } = useChildPermissions(childId);
  const [setStatus, { isLoading, error, reset }] = useSetPlanItemStatusMutation();
  const late = progress.late_data;
  if (!late) return null;
  const revert = () => {
    reset();
    void setStatus({ itemId: progress.item.id, status: late.from, reason: 'LATE_DATA' });
  };
  return (
    <>
      <MessageBar intent="warning" layout="multiline">
        <MessageBarBody>
          <MessageBarTitle>{t('progress.late.title')}</MessageBarTitle>
          {t('progress.late.text', {
            from: t(`itemStatus.${late.from}`),
            to: t(`itemStatus.${late.to}`),
            date: formatDateTime(late.at),
          })}
        </MessageBarBody>
        {mayOnChild(relation, 'edit') ? (
          <MessageBarActions>
            <Button
              className={tap.target}
              appearance="primary"
              disabledFocusable={isLoading}
              onClick={revert}
              aria-label={t('progress.late.revertTo', { status: t(`itemStatus.${late.from}`) })}
            >
              {t('progress.late.revert')}
            </Button>
          </MessageBarActions>
        ) : null}
      </MessageBar>
      {error ? <ErrorBanner>{errorText(error)}</ErrorBanner> : null}
    </>
  );
}

function Graph({ progress, aim }: { progress: ItemProgressResponse; aim: number | null }) {
  const { t } = useTranslation('plans');
  const styles = useStyles();
  const tap = useTapTargetStyles();
  const [granularity, setGranularity] = useState<Granularity>('session');
  const [table, setTable] = useState(false);
  const series = useMemo(
    () =>
      buildProgressSeries(
        { points: progress.points, phases: progress.phases, aim, withTrend: progress.trend !== null },
        granularity,
      ),
    [progress, aim, granularity],
  );
  return (
    <section className={styles.section} aria-labelledby="progress-graph">
      <h3 id="progress-graph" className={styles.subheading}>
        {t('progress.graph')}
      </h3>
      <div className={styles.controls}>
        <RadioGroup
          layout="horizontal"
          aria-label={t('progress.granularity')}
          value={granularity}
          onChange={(_event, data) => setGranularity(data.value as Granularity)}
        >
          {GRANULARITIES.map((option) => (
            <Radio key={option} className={styles.radio} value={option} label={t(`progress.per.${option}`)} />
          ))}
        </RadioGroup>
        <ToggleButton className={tap.target} checked={table} onClick={() => setTable((shown) => !shown)}>
          {t('progress.table.toggle')}
        </ToggleButton>
      </div>
      <Suspense fallback={<Loading announced label={t('progress.loading')} />}>
        <ProgressChart series={series} granularity={granularity} />
      </Suspense>
      {table ? <ProgressTable item={progress.item.description} points={progress.points} /> : null}
    </section>
  );
}
