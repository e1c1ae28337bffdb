import {
  EmptyState,
  lazyWithRetry,
  Link,
  Loading,
  PageHeading,
  useChildPermissions,
  useLicenceRedirect,
  useTranslation,
} from '@aba/web-kit';
import { LoadFailure } from '@aba/web-kit/forms';
import { Field, makeStyles, Select, tokens } from '@fluentui/react-components';
import { Suspense, useMemo, useState } from 'react';
import { useMasterySuggestionsQuery } from '../../../lib/api/get-mastery-suggestions.js';
import { paths } from '../../../lib/route-paths.js';
import { useChildId } from '../../../lib/use-child.js';
import { useErrorText } from '../../../lib/use-error-text.js';
import { useChildEvaluationsQuery } from '../api/get-child-evaluations.js';
import {
  buildChartSeries,
  DEFAULT_PERIOD,
  periodStart,
  PERIODS,
  type Period,
} from '../utils/chart-series.js';

// Highcharts is big: it loads with the chart, not with the page.
const EvaluationsChart = lazyWithRetry(() => import('./evaluations-chart.js'));

const useStyles = makeStyles({
  page: { minWidth: 0 },
  period: { maxWidth: '14rem', marginBottom: tokens.spacingVerticalM },
  summary: { color: tokens.colorNeutralForeground2, margin: `${tokens.spacingVerticalS} 0 0` },
  toConfirm: {
    display: 'inline-flex',
    alignItems: 'center',
    minHeight: '44px',
    marginBottom: tokens.spacingVerticalM,
    color: tokens.colorBrandForegroundLink,
    textDecorationLine: 'underline',
  },
});

/** /child/{id}/dashboard (spec §2): YES and NO evaluations per day as a column chart, over a chosen period. */
export function DashboardPage() {
  const { t } = useTranslation('plans');
  const errorText = useErrorText();
  const styles = useStyles();
  const childId = useChildId();
  const [period, setPeriod] = useState<Period>(DEFAULT_PERIOD);
  const from = useMemo(() => periodStart(period), [period]);
  const { currentData, error, isFetching, refetch } = useChildEvaluationsQuery({ childId, from });
  const redirecting = useLicenceRedirect(error);
  const series = useMemo(() => (currentData ? buildChartSeries(currentData) : null), [currentData]);
  const totals = useMemo(
    () =>
      series
        ? {
            yes: series.yes.reduce((sum, [, count]) => sum + count, 0),
            no: series.no.reduce((sum, [, count]) => sum + count, 0),
          }
        : null,
    [series],
  );

  if (redirecting) return <Loading announced label={t('common.loading')} />;
  return (
    <section className={styles.page}>
      <PageHeading>{t('dashboard.title')}</PageHeading>
      <ToConfirmLink childId={childId} />
      <Field label={t('dashboard.period')} className={styles.period}>
        <Select
          value={String(period)}
          onChange={(_event, data) =>
            setPeriod(data.value === 'null' ? null : (Number(data.value) as Period))
          }
        >
          {PERIODS.map((option) => (
            <option key={String(option)} value={String(option)}>
              {option === null ? t('dashboard.periodAll') : t('dashboard.periodDays', { count: option })}
            </option>
          ))}
        </Select>
      </Field>
      {error ? <LoadFailure onRetry={() => void refetch()}>{errorText(error)}</LoadFailure> : null}
      {isFetching && !currentData ? <Loading announced label={t('dashboard.loading')} /> : null}
      {series && series.days.length === 0 ? <EmptyState>{t('dashboard.empty')}</EmptyState> : null}
      {series && series.days.length > 0 ? (
        <>
          <Suspense fallback={<Loading announced label={t('dashboard.loading')} />}>
            <EvaluationsChart series={series} />
          </Suspense>
          {totals ? (
            <p className={styles.summary}>
              {t('dashboard.summary', { yes: totals.yes, no: totals.no, days: series.days.length })}
            </p>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

/** "To confirm (2)": the status changes waiting for the owner or a coordinator (issue 15); shown to them only. */
function ToConfirmLink({ childId }: { childId: string }) {
  const { t } = useTranslation('plans');
  const styles = useStyles();
  const { canEdit } = useChildPermissions(childId);
  const { currentData } = useMasterySuggestionsQuery(childId, {
    skip: !canEdit,
    refetchOnMountOrArgChange: true,
  });
  if (!canEdit || !currentData) return null;
  return (
    <Link className={styles.toConfirm} to={paths.toConfirm(childId)}>
      {t('dashboard.toConfirm', { count: currentData.length })}
    </Link>
  );
}
